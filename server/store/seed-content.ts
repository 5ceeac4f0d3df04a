import type { ConsoleSettings, FormDefinition, WidgetForm } from '../../src/protocol'
import { stableId } from './ids'

/** The password of every demo user. */
export const DEMO_PASSWORD = 'Demo1234!'
/** Where the demo accounts send users below agent level who sign in (the demo's page saying so). */
export const DEMO_DASHBOARD_URL = '/demo/dashboard.html'
/** The TOTP secret of the 2FA demo user (add it to an authenticator app, or see `npm start`'s output). */
export const DEMO_TOTP_SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP'
/** The 10 backup codes of the 2FA demo user. */
export const DEMO_BACKUP_CODES = Array.from(
  { length: 10 },
  (_, i) => `demo-${String(i + 1).padStart(4, '0')}`,
)

/** Ids of seed entities, stable across machines (tests use them). */
export const SEED = {
  account: stableId('account:demo'),
  expiredAccount: stableId('account:expired'),
  restrictedAccount: stableId('account:restricted'),
  segments: {
    sales: stableId('segment:sales'),
    support: stableId('segment:support'),
    billing: stableId('segment:billing'),
  },
  services: { consultation: stableId('service:consultation'), opening: stableId('service:opening') },
} as const

/** One seed user. */
export interface SeedUser {
  key: string
  email: string
  firstname: string
  lastname: string
  level: number
  account: string
  segments: string[]
  locked?: boolean
  totp?: boolean
  sso?: boolean
  timezone?: string
  /** May upload background images of their own (true unless said otherwise). */
  imagesAccess?: boolean
}

const { sales, support, billing } = SEED.segments

/** Demo users: agents, one with 2FA, SSO, locked, a supervisor, an administrator, and the error-catalogue accounts. */
export const SEED_USERS: SeedUser[] = [
  {
    key: 'ana',
    email: 'ana@demo.test',
    firstname: 'Ana',
    lastname: 'Alvarez',
    level: 5,
    account: SEED.account,
    segments: [sales, support],
  },
  {
    key: 'bruno',
    email: 'bruno@demo.test',
    firstname: 'Bruno',
    lastname: 'Bravo',
    level: 5,
    account: SEED.account,
    segments: [sales, billing],
  },
  {
    key: 'carla',
    email: 'carla@demo.test',
    firstname: 'Carla',
    lastname: 'Castro',
    level: 5,
    account: SEED.account,
    segments: [support, billing],
  },
  {
    key: 'diego',
    email: 'diego@demo.test',
    firstname: 'Diego',
    lastname: 'Diaz',
    level: 5,
    account: SEED.account,
    segments: [support],
    // The 'You do not have access to upload images' case of the virtual background page.
    imagesAccess: false,
  },
  {
    key: 'elena',
    email: 'elena@demo.test',
    firstname: 'Elena',
    lastname: 'Espinoza',
    level: 5,
    account: SEED.account,
    segments: [sales],
    timezone: 'Europe/Madrid',
  },
  {
    key: 'otp',
    email: 'otp@demo.test',
    firstname: 'Olga',
    lastname: 'Ortega',
    level: 5,
    account: SEED.account,
    segments: [sales],
    totp: true,
  },
  {
    key: 'sso',
    email: 'sso@demo.test',
    firstname: 'Sergio',
    lastname: 'Soto',
    level: 5,
    account: SEED.account,
    segments: [support],
    sso: true,
  },
  {
    key: 'locked',
    email: 'locked@demo.test',
    firstname: 'Luis',
    lastname: 'Lagos',
    level: 5,
    account: SEED.account,
    segments: [],
    locked: true,
  },
  {
    key: 'supervisor',
    email: 'supervisor@demo.test',
    firstname: 'Sofia',
    lastname: 'Silva',
    level: 4,
    account: SEED.account,
    segments: [sales, support, billing],
  },
  {
    key: 'admin',
    email: 'admin@demo.test',
    firstname: 'Adam',
    lastname: 'Admin',
    level: 1,
    account: SEED.account,
    segments: [],
  },
  {
    key: 'expired',
    email: 'expired@demo.test',
    firstname: 'Eva',
    lastname: 'Expired',
    level: 5,
    account: SEED.expiredAccount,
    segments: [],
  },
  {
    key: 'restricted',
    email: 'restricted@demo.test',
    firstname: 'Raul',
    lastname: 'Restricted',
    level: 5,
    account: SEED.restrictedAccount,
    segments: [],
  },
]

/** The id of a seed user by key. */
export function seedUserId(key: string): string {
  return stableId(`user:${key}`)
}

/** The status list of SPEC §3. */
export const SEED_STATUSES = [
  { id: 'available', name: 'available', label: 'Available', color: '#2da44e' },
  { id: 'occupied', name: 'occupied', label: 'In ACD', color: '#bf8700' },
  { id: 'meeting', name: 'meeting', label: 'Meeting', color: '#8250df' },
  { id: 'busy', name: 'busy', label: 'Busy', color: '#cf222e' },
  { id: 'break', name: 'break', label: 'Break', color: '#d4a72c' },
  { id: 'bath', name: 'bath', label: 'Bath', color: '#57606a' },
  { id: 'meal', name: 'meal', label: 'Meal', color: '#fb8f44' },
  { id: 'gathering', name: 'gathering', label: 'Gathering', color: '#0969da' },
  { id: 'training', name: 'training', label: 'Training', color: '#1f883d' },
  { id: 'interacting', name: 'interacting', label: 'ACW', color: '#6e7781' },
  { id: 'disconnected', name: 'disconnected', label: 'Disconnected', color: '#e5484d' },
]

/** Console settings with every feature switch on. */
export function seedConsoleSettings(): ConsoleSettings {
  return {
    fileShare: { enabled: true },
    capture: { enabled: true },
    apps: [{ name: 'onboarding', label: 'Onboarding kit', devices: ['barcode', 'nfc', 'fingerprint'] }],
    recorder: {
      enabled: true,
      // Cloud: the demo's recordings stream to this server and show on /recordings.
      type: 'cloud',
      audioBitsPerSeconds: 128_000,
      videoBitsPerSeconds: 2_500_000,
      maxBytes: 500 * 1024 * 1024,
      automaticRecord: false,
      audio: true,
      video: true,
    },
    calendarEnabled: true,
    virtualBackground: {
      enabled: true,
      images: [
        { _id: stableId('background:office'), url: '/demo/backgrounds/office.svg' },
        { _id: stableId('background:beach'), url: '/demo/backgrounds/beach.svg' },
      ],
    },
    statuses: SEED_STATUSES,
    pageSize: 10,
  }
}

/** The agent form of the support segment. */
export const SUPPORT_AGENT_FORM: FormDefinition = [
  {
    name: 'resolution',
    label: 'Resolution',
    type: 'select',
    required: true,
    options: [
      { label: 'Solved', value: 'solved' },
      { label: 'Escalated', value: 'escalated' },
      { label: 'Call back', value: 'callback' },
    ],
  },
  { name: 'summary', label: 'Summary', type: 'textarea', required: true, maxLength: 2000 },
  { name: 'followUp', label: 'Needs follow-up', type: 'checkbox', required: false },
]

/** Form of the video consultation service. */
export const CONSULTATION_FORM: FormDefinition = [
  { name: 'name', label: 'Full name', type: 'text', required: true, maxLength: 100 },
  { name: 'email', label: 'Email', type: 'email', required: true },
  // Escaped for the `v` flag browsers compile `pattern` with: there `(`, `)` and `-` in a class must be.
  { name: 'phone', label: 'Phone', type: 'tel', required: false, pattern: '^[+0-9 \\(\\)\\-]{6,20}$' },
  {
    name: 'reason',
    label: 'Reason',
    type: 'select',
    required: true,
    options: [
      { label: 'Product advice', value: 'advice' },
      { label: 'Claim', value: 'claim' },
      { label: 'Other', value: 'other' },
    ],
  },
]

/** Form of the account opening service. */
export const OPENING_FORM: FormDefinition = [
  { name: 'name', label: 'Full name', type: 'text', required: true, maxLength: 100 },
  { name: 'email', label: 'Email', type: 'email', required: true },
  { name: 'documentId', label: 'ID number', type: 'text', required: true, maxLength: 20 },
  {
    name: 'branch',
    label: 'Branch',
    type: 'radio',
    required: true,
    options: [
      { label: 'Downtown', value: 'downtown' },
      { label: 'Airport', value: 'airport' },
    ],
  },
  { name: 'terms', label: 'I accept the terms', type: 'checkbox', required: true },
]

/** Widget forms: the customer pre-call form and the support agent form. */
export function seedWidgetForms(): WidgetForm[] {
  return [
    {
      id: stableId('form:customer'),
      type: 'customer',
      segments: [],
      fields: [
        { name: 'email', label: 'Email', type: 'email', required: false },
        { name: 'topic', label: 'Topic', type: 'text', required: false, maxLength: 200 },
      ],
    },
    { id: stableId('form:agent:support'), type: 'agent', segments: [support], fields: SUPPORT_AGENT_FORM },
  ]
}

/** Tags: account-wide ones and a few for one segment. */
export const SEED_TAGS = [
  { key: 'sale', name: 'sale', label: 'Sale', segment: null },
  { key: 'complaint', name: 'complaint', label: 'Complaint', segment: null },
  { key: 'info', name: 'info', label: 'Information', segment: null },
  { key: 'bug', name: 'bug', label: 'Bug report', segment: support },
  { key: 'refund', name: 'refund', label: 'Refund', segment: billing },
]

/** Referrer links. */
export const SEED_REFERRERS = [
  'https://demo.test/web',
  'https://demo.test/app',
  'https://demo.test/newsletter',
]
