import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Imports flow one way: shared → server; shared → web lib/components → features → app. */
const restrict = (patterns) => ({
  'no-restricted-imports': [
    'error',
    { patterns: patterns.map((group) => ({ group: [group.from], message: group.why })) },
  ],
});

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'data', 'data-e2e', 'test-results', 'playwright-report'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    files: ['src/shared/**/*.ts'],
    rules: restrict([
      {
        from: '**/server/**',
        why: 'shared code runs in the browser too: it must not import the server',
      },
      { from: '**/web/**', why: 'shared code must not import the web app' },
    ]),
  },
  {
    files: ['src/server/**/*.ts'],
    rules: restrict([{ from: '**/web/**', why: 'the server must not import the web app' }]),
  },
  {
    files: ['src/web/lib/**/*.{ts,tsx}', 'src/web/components/**/*.{ts,tsx}'],
    rules: restrict([
      { from: '**/features/**', why: 'lib and components are below the features' },
      { from: '**/app/**', why: 'lib and components are below the app' },
    ]),
  },
  {
    files: ['src/web/features/**/*.{ts,tsx}'],
    rules: restrict([
      { from: '**/app/**', why: 'features do not import the app: the app composes them' },
      { from: '**/server/**', why: 'the web app must not import the server' },
    ]),
  },
  {
    // Web features do not import each other (a file two levels into its feature reaches a sibling at ../../x).
    files: ['src/web/features/*/*/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^\\.\\./\\.\\./(?!\\.\\./)', message: 'features do not import each other' },
            {
              group: ['**/app/**'],
              message: 'features do not import the app: the app composes them',
            },
            { group: ['**/server/**'], message: 'the web app must not import the server' },
          ],
        },
      ],
    },
  },
);
