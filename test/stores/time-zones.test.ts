import { expect } from '@open-wc/testing'
import {
  allTimeZones,
  browserTimeZone,
  canonicalTimeZone,
  customerTimeZone,
} from '../../src/stores/calendar/time-zones'

describe('time zone names', () => {
  it('maps aliases and retired names to canonical IANA names', () => {
    expect(canonicalTimeZone('US/Eastern')).to.equal('America/New_York')
    expect(canonicalTimeZone('Chile/Continental')).to.equal('America/Santiago')
    expect(canonicalTimeZone('Asia/Calcutta')).to.equal('Asia/Kolkata')
    expect(canonicalTimeZone('Asia/Kolkata')).to.equal('Asia/Kolkata')
    expect(canonicalTimeZone('Europe/Kiev')).to.equal('Europe/Kyiv')
    expect(canonicalTimeZone('Etc/UTC')).to.equal('UTC')
    expect(canonicalTimeZone('Mars/Olympus_Mons')).to.equal(null)
  })

  it('falls back to America/Santiago for a customer zone it does not know', () => {
    expect(customerTimeZone('Mars/Olympus_Mons')).to.equal('America/Santiago')
    expect(customerTimeZone(null)).to.equal('America/Santiago')
    expect(customerTimeZone('Europe/Madrid')).to.equal('Europe/Madrid')
  })

  it('lists every zone the browser knows, canonical names only, each usable by Intl', () => {
    const zones = allTimeZones()
    expect(zones.length).to.be.greaterThan(400)
    expect(zones).to.include.members([
      'America/Santiago',
      'Asia/Kolkata',
      'Europe/Kyiv',
      'UTC',
      'America/Argentina/Buenos_Aires',
    ])
    expect(zones).to.not.include.members(['Asia/Calcutta', 'Europe/Kiev', 'America/Buenos_Aires'])
    for (const zone of zones) expect(() => new Intl.DateTimeFormat('en', { timeZone: zone })).to.not.throw()
    expect(zones).to.include(browserTimeZone())
  })
})
