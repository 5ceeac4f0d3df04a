// The customer page's messages, a virtual module that server/http/page-bundles.ts resolves when it
// bundles the page: only the `customerPage.` messages of locales/*.json, as ICU strings by language.
declare module 'customer-page:messages' {
  const messages: Record<'en' | 'es' | 'fr', Partial<Record<string, string>>>
  export default messages
}
