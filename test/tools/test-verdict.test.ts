import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { findOnly, reportCounts, tapCounts, tapFailures } from '../../scripts/test-verdict.mjs'

const SUMMARY = '1..3\n# tests 3\n# suites 1\n# pass 3\n# fail 0\n# cancelled 0\n'

describe('npm test counts a runner as failed whatever it reported', () => {
  it('node:test: a clean summary and exit 0 count as reported', () => {
    assert.deepEqual(tapCounts(SUMMARY, { code: 0 }), { passed: 3, failed: 0, reason: null })
    assert.deepEqual(tapCounts(SUMMARY.replace('# fail 0', '# fail 2'), { code: 1 }), {
      passed: 3,
      failed: 2,
      reason: null,
    })
  })

  it('node:test: no summary, a timeout, a signal or a non-zero exit without a failure is one failure', () => {
    assert.equal(tapCounts('TAP version 13\nok 1 - half\n', { code: 0 }).failed, 1)
    assert.equal(tapCounts(SUMMARY, { code: null, timedOut: true }).failed, 1)
    assert.equal(tapCounts(SUMMARY, { code: null, signal: 'SIGKILL' }).failed, 1)
    assert.equal(tapCounts(SUMMARY, { code: 7 }).failed, 1)
    assert.equal(tapCounts(SUMMARY.replace('# cancelled 0', '# cancelled 2'), { code: 1 }).failed, 2)
  })

  it('Web Test Runner: a non-zero exit wins over a clean report; a missing or empty report fails', () => {
    assert.deepEqual(reportCounts({ passed: 5, failed: 0 }, { code: 0 }), {
      passed: 5,
      failed: 0,
      reason: null,
    })
    assert.deepEqual(reportCounts({ passed: 5, failed: 0 }, { code: 1 }), {
      passed: 5,
      failed: 1,
      reason: 'exited with 1 without a failed test',
    })
    assert.equal(reportCounts({ passed: 5, failed: 0 }, { code: null, timedOut: true }).failed, 1)
    assert.equal(reportCounts(null, { code: 0 }).failed, 1)
    assert.equal(reportCounts({ passed: 0, failed: 0 }, { code: 0 }).failed, 1)
  })

  it('finds every kind of .only, and nothing in a clean file', () => {
    // Built from parts: this file itself must not hold what it looks for.
    const only = 'only'
    const files: Record<string, string> = {
      'a.test.ts': `it.${only}('x', () => {})\ndescribe . ${only}('y', () => {})`,
      'b.test.ts': `test('z', { ${only}: true }, () => {})`,
      'c.test.ts': "it('is read-only', () => {})\nconst onlyOnce = true",
    }
    assert.deepEqual(
      findOnly(Object.keys(files), (file) => files[file] ?? ''),
      [
        `a.test.ts:1: it.${only}('x', () => {})`,
        `a.test.ts:2: describe . ${only}('y', () => {})`,
        `b.test.ts:1: test('z', { ${only}: true }, () => {})`,
      ],
    )
  })

  it('names each failed test again with its error and where it failed, not the suites that hold them', () => {
    // What node:test 20 printed for a file with a passing test and two failing ones (stacks cut short).
    const report = [
      'TAP version 13',
      '# Subtest: outer',
      '    # Subtest: passes',
      '    ok 1 - passes',
      '      ---',
      '      duration_ms: 1.67',
      '      ...',
      '    # Subtest: fails \\# with a hash',
      '    not ok 2 - fails \\# with a hash',
      '      ---',
      '      duration_ms: 1.50',
      "      location: '/work/x.test.mjs:5:3'",
      "      failureType: 'testCodeFailure'",
      "      error: '263 ms'",
      "      code: 'ERR_ASSERTION'",
      '      stack: |-',
      '        TestContext.<anonymous> (file:///work/x.test.mjs:5:44)',
      '        Test.runInAsyncScope (node:async_hooks:206:9)',
      '      ...',
      '    # Subtest: fails long',
      '    not ok 3 - fails long',
      '      ---',
      "      location: '/work/x.test.mjs:6:3'",
      "      failureType: 'testCodeFailure'",
      '      error: |-',
      '        line one',
      '        line two',
      "      code: 'ERR_TEST_FAILURE'",
      '      ...',
      '    1..3',
      'not ok 1 - outer',
      '  ---',
      "  type: 'suite'",
      "  failureType: 'subtestsFailed'",
      "  error: '2 subtests failed'",
      '  ...',
      SUMMARY.replace('# pass 3', '# pass 1').replace('# fail 0', '# fail 2'),
    ].join('\n')
    assert.deepEqual(tapFailures(report), [
      {
        name: 'fails # with a hash',
        error: ['263 ms'],
        at: 'TestContext.<anonymous> (file:///work/x.test.mjs:5:44)',
      },
      { name: 'fails long', error: ['line one', 'line two'], at: '/work/x.test.mjs:6:3' },
    ])
    assert.deepEqual(tapFailures(SUMMARY), [])
    // A failure printed without its block (a runner cut short) is named, and later ones are still read.
    const cut = ['not ok 1 - cut short', 'not ok 2 - after it', '  ---', "  error: 'late'", '  ...'].join(
      '\n',
    )
    assert.deepEqual(tapFailures(cut), [
      { name: 'cut short', error: [], at: '' },
      { name: 'after it', error: ['late'], at: '' },
    ])
  })
})
