// Lint: typescript-eslint's recommended rules, React hooks rules, and Prettier owns formatting.
import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'
import prettier from 'eslint-config-prettier'
import globals from 'globals'

export default tseslint.config(
  {
    ignores: [
      'dist',
      '.dist-next',
      '.dist-old',
      '.tmp',
      'node_modules',
      '.data',
      'test-results',
      'src/components/icons/icons.generated.ts',
      'src/components/icons/call-icons.generated.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'test/**/*.{ts,tsx}'],
    ignores: ['test/server/**', 'test/e2e/**', 'test/tools/**'],
    languageOptions: { globals: { ...globals.browser } },
  },
  // Chai's property assertions (`expect(x).to.exist`) are expressions.
  { files: ['test/**'], rules: { '@typescript-eslint/no-unused-expressions': 'off' } },
  // Browser tests wait with test/support/waits.ts's `waitUntil`: @open-wc's own gives up after 1 s,
  // which a loaded machine overruns.
  {
    files: ['test/**'],
    ignores: ['test/support/waits.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@open-wc/testing',
              importNames: ['waitUntil'],
              message: 'Use waitUntil from test/support/waits (a 5 s default, not 1 s).',
            },
          ],
        },
      ],
    },
  },
  // No `.only` lands: it silently narrows a run to one test (`npm test` refuses it too).
  {
    files: ['test/**'],
    rules: {
      'no-restricted-properties': [
        'error',
        ...['describe', 'context', 'it', 'test', 'suite', 'specify'].map((object) => ({
          object,
          property: 'only',
          message: 'No .only: it hides every other test.',
        })),
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector:
            'CallExpression[callee.name=/^(describe|it|test|suite)$/] > ObjectExpression > Property[key.name="only"]',
          message: 'No { only: true }: it hides every other test.',
        },
      ],
    },
  },
  {
    files: [
      'server/**',
      'scripts/**',
      'conformance/**',
      'bin/**',
      'bench/**',
      'test/server/**',
      'test/e2e/**',
      'test/tools/**',
      '*.config.*',
      '*.mjs',
    ],
    languageOptions: { globals: { ...globals.node } },
  },
  // Layers point down only: elements → components → stores → services → protocol.
  {
    files: ['src/components/**'],
    // The clock is the one service a view may use directly: time, not IO (a relative timer, a delay).
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/services/*', '!**/services/clock'],
              message: 'Components use stores, not services.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/services/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/stores/**', '**/components/**', '**/elements/**'],
              message: 'Services sit below stores.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/stores/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/components/**', '**/elements/**'], message: 'Stores sit below components.' },
          ],
        },
      ],
    },
  },
  // src/lib is the floor every layer and the server may stand on: pure helpers and libraries, nothing of ours.
  {
    files: ['src/lib/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['../*', '**/src/*'], message: 'lib/ imports nothing of ours.' }] },
      ],
    },
  },
  {
    files: ['src/protocol/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['../*', '**/src/*'], message: 'protocol/ imports nothing of ours.' }] },
      ],
    },
  },
  prettier,
)
