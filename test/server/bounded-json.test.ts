import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import * as v from 'valibot'
import {
  JSON_LIMITS,
  JsonObjectSchema,
  QueueJoinSchema,
  SignalDataSchema,
  jsonBoundsProblem,
} from '../../src/protocol'
import { isSendable } from '../../server/routing/deliverable'

// The one rule of every free-form value (issue 64): each limit holds at its edge, and the walk costs
// no stack however deep the value is.
const nested = (depth: number): unknown => JSON.parse('['.repeat(depth) + ']'.repeat(depth))

describe('jsonBoundsProblem', () => {
  it('takes every limit at its edge and refuses one past it', () => {
    const { maxDepth, maxKeys, maxItems, maxString } = JSON_LIMITS
    assert.equal(jsonBoundsProblem(nested(maxDepth)), null)
    assert.match(jsonBoundsProblem(nested(maxDepth + 1)) ?? '', /at most 32 levels/)
    const keys = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`k${i}`, i]))
    assert.equal(jsonBoundsProblem(keys(maxKeys)), null)
    assert.match(jsonBoundsProblem(keys(maxKeys + 1)) ?? '', /at most 200 keys/)
    assert.equal(jsonBoundsProblem(new Array(maxItems).fill(0)), null)
    assert.match(jsonBoundsProblem(new Array(maxItems + 1).fill(0)) ?? '', /at most 1000 items/)
    assert.equal(jsonBoundsProblem({ text: 'x'.repeat(maxString) }), null)
    assert.match(jsonBoundsProblem({ text: 'x'.repeat(maxString + 1) }) ?? '', /10000 characters/)
    assert.match(jsonBoundsProblem({ ['k'.repeat(maxString + 1)]: 1 }) ?? '', /keys must be/)
    const big = Array.from({ length: 7 }, () => 'y'.repeat(9_999))
    assert.match(jsonBoundsProblem(big) ?? '', /at most 65536 characters as JSON/)
  })

  it('refuses prototype keys and values JSON cannot hold', () => {
    for (const key of ['__proto__', 'constructor', 'prototype'])
      assert.match(jsonBoundsProblem(JSON.parse(`{"a":{"${key}":{"x":1}}}`)) ?? '', /is not allowed/)
    for (const value of [Number.NaN, Infinity, () => 1, 10n, Symbol('s')])
      assert.notEqual(jsonBoundsProblem({ value }), null)
  })

  it('walks a value 100,000 deep without a stack overflow, in few steps', () => {
    const deep = nested(100_000)
    const started = performance.now()
    assert.match(jsonBoundsProblem(deep) ?? '', /levels/)
    assert.ok(performance.now() - started < 50)
    assert.equal(isSendable(deep), false)
    assert.equal(isSendable({ a: nested(50) }), true)
  })
})

describe('the schemas that use it', () => {
  it('refuse with a message naming the rule, and pass ordinary data through', () => {
    const refused = v.safeParse(QueueJoinSchema, {
      segment: 'a'.repeat(24),
      name: 'Mallory',
      integrationData: { deep: nested(40) },
    })
    assert.equal(refused.success, false)
    assert.equal(v.getDotPath(refused.issues?.[0] as v.BaseIssue<unknown>), 'integrationData')
    assert.match(refused.issues?.[0]?.message ?? '', /must be JSON of at most 32 levels/)
    const data = { crmId: 'C-77', tags: ['a', 'b'], nested: { x: [1, { y: null }] } }
    assert.deepEqual(v.parse(JsonObjectSchema, data), data)
    assert.equal(v.is(JsonObjectSchema, []), false)
    // An SDP is one long string: signal data keeps its own 64 KiB.
    assert.equal(v.is(SignalDataSchema, { type: 'offer', sdp: 'v=0\r\n'.repeat(5_000) }), true)
    assert.equal(v.is(SignalDataSchema, { type: 'offer', sdp: 'x'.repeat(70_000) }), false)
  })
})
