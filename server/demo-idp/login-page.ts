const escape = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)

/**
 * The demo identity provider's sign-in page (its own origin, not the console's): email and password of
 * the demo person, who is named on the page, since this is a demo.
 */
export function loginPage(uid: string, demoEmail: string, failed: boolean): string {
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Demo identity provider</title>
    <style>
      body { font-family: system-ui, sans-serif; background: #eef2f7; display: grid; place-items: center; min-height: 100vh; margin: 0 }
      form { background: #fff; padding: 24px; border-radius: 10px; display: grid; gap: 12px; min-width: 300px }
      label { display: grid; gap: 4px }
      input, button { font: inherit; padding: 8px }
      .error { color: #b00020 }
    </style>
  </head>
  <body>
    <form method="post" action="/interaction/${escape(uid)}/login">
      <h1>Demo identity provider</h1>
      <p>Enterprise sign-in for ${escape(demoEmail)}.</p>
      ${failed ? '<p class="error" role="alert">Wrong email or password.</p>' : ''}
      <label>Email <input name="email" type="email" autocomplete="username" required /></label>
      <label>Password <input name="password" type="password" autocomplete="current-password" required /></label>
      <button type="submit">Sign in</button>
    </form>
  </body>
</html>
`
}
