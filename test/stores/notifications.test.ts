import { expect } from '@open-wc/testing'
import { alertAgent } from '../../src/stores/profile/notifications'
import { $toasts } from '../../src/stores/app/toasts'
import { resetSession } from '../support/session'

/** Stands in for the browser's Notification API, permission granted. */
class RecordedNotification {
  static permission = 'granted'
  static shown: { title: string; body: string | undefined }[] = []
  onclick: (() => void) | null = null
  constructor(title: string, options?: NotificationOptions) {
    RecordedNotification.shown.push({ title, body: options?.body })
  }
  close() {}
}

describe('agent notifications', () => {
  const original = window.Notification
  beforeEach(() => {
    RecordedNotification.shown = []
    window.Notification = RecordedNotification as unknown as typeof Notification
  })
  afterEach(() => {
    window.Notification = original
    // The page's own getter comes back from Document.prototype.
    delete (document as { visibilityState?: unknown }).visibilityState
    resetSession()
  })

  it('shows an in-page toast, and no desktop notification while the page is visible', () => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'visible' })
    alertAgent({ variant: 'warning', messageId: 'session.expired', desktop: true })
    expect($toasts.get().map((toast) => toast.messageId)).to.deep.equal(['session.expired'])
    expect(RecordedNotification.shown).to.deep.equal([])
  })

  it('also shows a desktop notification when the page is hidden on a desktop', () => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' })
    alertAgent({ variant: 'warning', messageId: 'session.expired', desktop: true })
    expect(RecordedNotification.shown).to.have.length(1)
    expect($toasts.get()).to.have.length(1)
  })

  it('shows none for a toast that does not ask for it', () => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' })
    alertAgent({ variant: 'success', messageId: 'connection.restored' })
    expect(RecordedNotification.shown).to.deep.equal([])
  })
})
