/** Where the login's terms link points when the page does not say (`policies-url`). */
export const DEFAULT_POLICIES_URL = '/demo/policies.html'
