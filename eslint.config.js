import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
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

/**
 * The server's layers (docs/decisions/007-server-feature-layers.md): each imports only the layers
 * below it, and a folder never imports a sibling of its own layer.
 */
const serverLayers = {
  base: ['db', 'http', 'jobs'],
  leaves: ['catalogue', 'mail', 'video', 'users', 'access', 'health', 'metrics', 'backup'],
  features: [
    'payments',
    'learning',
    'beta',
    'companion',
    'marketing',
    'auth',
    'sessions',
    'settings',
    'content',
    'lifecycle',
  ],
  composers: ['dashboard', 'account', 'admin', 'keys'],
};

/** A server folder in no layer would be in no zone, unguarded: lint refuses to start instead. */
function requireEveryServerFolderInALayer() {
  const named = Object.values(serverLayers).flat();
  const unnamed = readdirSync('src/server', { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && entry.name !== 'testing')
    .map((entry) => entry.name)
    .filter((name) => !named.includes(name));
  if (unnamed.length > 0) {
    throw new Error(
      `src/server/${unnamed.join(', src/server/')}: in no layer of serverLayers in eslint.config.js. Add each folder to the layer whose imports it keeps (docs/decisions/007-server-feature-layers.md).`,
    );
  }
}

function serverLayerZones() {
  requireEveryServerFolderInALayer();
  const folder = (name) => `./src/server/${name}`;
  const { base, leaves, features, composers } = serverLayers;
  const above = {
    base: [...leaves, ...features, ...composers],
    leaves: [...features, ...composers],
  };
  const zone = (target, from, message) => ({
    target: folder(target),
    from: from.map(folder),
    message,
  });
  return [
    ...base.map((name) => zone(name, above.base, 'the base (db, http) imports no feature')),
    ...leaves.map((name) =>
      zone(
        name,
        [...above.leaves, ...leaves.filter((other) => other !== name)],
        'a leaf imports only shared, db and http',
      ),
    ),
    ...features.map((name) =>
      zone(
        name,
        [...composers, ...features.filter((other) => other !== name)],
        'features never import each other: wire a trigger as a plugin option in app.ts',
      ),
    ),
    ...composers.map((name) =>
      zone(
        name,
        composers.filter((other) => other !== name),
        'composers import features, not each other',
      ),
    ),
    {
      target: './src/server',
      from: './src/server/testing',
      message: 'only tests use test helpers',
    },
  ];
}

/**
 * Who owns each table file (docs/decisions/007-server-feature-layers.md): a table is read and
 * written only by its owner folders, so `src/server/db/schema/<file>.ts` is imported only from
 * them, from `src/server/db/` and from tests. A schema file without a row here is owned by the
 * server folder of the same name. A new table: add `'<file>': ['<owner folder>', ...]`.
 */
const tableOwners = {
  access: ['access'],
  auth: ['auth', 'users'],
  beta: ['beta'],
  broadcasts: ['lifecycle'],
  companion: ['companion'],
  learning: ['learning'],
  lifecycle: ['lifecycle'],
  mail: ['mail'],
  marketing: ['marketing'],
  payments: ['payments'],
  users: ['users'],
  'rate-limit': ['http'],
};

function tableOwnerZones() {
  const server = readdirSync('src/server');
  const tableFiles = readdirSync('src/server/db/schema').filter((file) => file.endsWith('.ts'));
  return tableFiles.map((file) => {
    const table = file.replace(/\.ts$/, '');
    const owners = tableOwners[table] ?? [table];
    return {
      target: server
        .filter((entry) => ![...owners, 'db', 'testing'].includes(entry))
        .map((entry) => `./src/server/${entry}`),
      from: `./src/server/db/schema/${file}`,
      message: `a table is read and written only by its owner (${owners.join(', ')}): call the owner's functions, or add a row to tableOwners in eslint.config.js`,
    };
  });
}

function webFeatureZones() {
  const features = readdirSync('src/web/features');
  return features.map((name) => ({
    target: `./src/web/features/${name}`,
    from: features.filter((other) => other !== name).map((other) => `./src/web/features/${other}`),
    message: 'web features do not import each other: the app composes them',
  }));
}

/**
 * A failure is worded by `messageOf` or `<ErrorAlert error fallback>` (decision 027), never by the
 * error's own message: for a proxy's error page or a dropped connection that is the client's
 * complaint, not words for a person.
 */
const rawErrorMessage = [
  "MemberExpression[property.name='message'][object.type='MemberExpression'][object.property.name='error']",
  "MemberExpression[property.name='message'][object.type='Identifier'][object.name='error']",
].map((selector) => ({
  selector,
  message: 'word a failure with messageOf(error, \'…\') or <ErrorAlert error={…} fallback="…" />',
}));

/** The two toast regimes live in one module (decision 027); the toaster draws them. */
const toastsThroughNotify = {
  from: 'react-hot-toast',
  why: 'toasts go through notify (web/lib/notify.ts): notify.area in admin and account, notify.site elsewhere',
};
const belowTheFeatures = [
  { from: '**/features/**', why: 'lib and components are below the features' },
  { from: '**/app/**', why: 'lib and components are below the app' },
];
const featureImports = [
  { from: '**/app/**', why: 'features do not import the app: the app composes them' },
  { from: '**/server/**', why: 'the web app must not import the server' },
];

/** import-x reads our TypeScript sources, which import each other with their .ts extension. */
const importSettings = {
  'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
  'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] })],
};

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
      // With verbatimModuleSyntax, `import { type A }` keeps the module as a side effect: a page
      // then loads what it only named a type of (zod, through a schema file; decision 044).
      '@typescript-eslint/no-import-type-side-effects': 'error',
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
    // Tests and their helpers build the whole app, so the layers bind the product code only.
    files: ['src/server/**/*.ts'],
    ignores: ['src/server/**/*.test.ts', 'src/server/testing/**'],
    plugins: { 'import-x': importX },
    settings: importSettings,
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        { zones: [...serverLayerZones(), ...tableOwnerZones()] },
      ],
      'import-x/no-cycle': 'error',
    },
  },
  {
    files: ['src/web/lib/**/*.{ts,tsx}', 'src/web/components/**/*.{ts,tsx}'],
    rules: restrict([...belowTheFeatures, toastsThroughNotify]),
  },
  {
    files: ['src/web/features/**/*.{ts,tsx}'],
    rules: {
      ...restrict([...featureImports, toastsThroughNotify]),
      'no-restricted-syntax': ['error', ...rawErrorMessage],
    },
  },
  {
    files: ['src/web/app/**/*.{ts,tsx}', 'src/web/*.{ts,tsx}'],
    rules: restrict([toastsThroughNotify]),
  },
  // The toasts' own module and the toaster, and tests that draw a toaster of their own.
  { files: ['src/web/lib/notify.ts'], rules: restrict(belowTheFeatures) },
  { files: ['src/web/app/toaster.tsx'], rules: { 'no-restricted-imports': 'off' } },
  { files: ['src/web/features/**/*.test.{ts,tsx}'], rules: restrict(featureImports) },
  {
    // Web features do not import each other, at whatever depth a file sits.
    files: ['src/web/features/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: importSettings,
    rules: { 'import-x/no-restricted-paths': ['error', { zones: webFeatureZones() }] },
  },
  {
    // No import cycle on the web either: a shared piece moves down into lib or components.
    files: ['src/web/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: importSettings,
    rules: { 'import-x/no-cycle': 'error' },
  },
);
