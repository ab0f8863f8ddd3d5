// Lint rules that keep the architecture of ARCHITECTURE.md ("The parts") honest:
// one-way imports (views → machines → services/validation; server → validation), features that
// never import each other (a feature folder imports its own folder, `shared/` and the layers
// below), no component-local behaviour state in views, kebab-case file names.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import checkFile from 'eslint-plugin-check-file';
import globals from 'globals';

const viewsOnlyFromApp = {
  group: ['**/views/**', '**/views'],
  message: 'Nothing imports views except the app (ARCHITECTURE.md: imports flow one way).',
};
const noMachines = {
  group: ['**/machines/**', '**/machines'],
  message: 'Services and validation must not depend on machines (imports flow one way).',
};
const noBrowserCode = {
  group: ['**/src/views/**', '**/src/machines/**', '**/src/services/**', '../src/views/**', '../src/machines/**', '../src/services/**'],
  message: 'The server may share src/validation only.',
};

/** The browser's features: each has one folder in each layer of src/ (ARCHITECTURE.md, "The parts"). */
const BROWSER_FEATURES = ['click-tracking', 'console-access', 'contact-form', 'dashboard', 'inbox', 'map', 'media', 'newsletter', 'privacy', 'projects', 'sidebar-form', 'theme'];
/** The server's features: each has one folder of server/, and its protocol in src/validation/<feature>/. */
/** server/privacy is not one: like server/jobs it reaches into every feature (an erasure, retention), and none uses it. */
const SERVER_FEATURES = ['click-tracking', 'console-access', 'contact-form', 'dashboard', 'inbox', 'newsletter', 'sidebar-form'];

/** Another feature's folder, in any layer. */
function otherFeatures(own, features) {
  return {
    group: features.filter((feature) => feature !== own).flatMap((feature) => [`**/${feature}/**`, `**/${feature}`]),
    message: `Features never import each other: ${own} imports its own folder, shared/ and the layers below; move what two features use to a shared/ folder (ARCHITECTURE.md, "The parts").`,
  };
}

/**
 * The same restriction for every feature folder of a layer: ESLint's flat config replaces a
 * rule's options per block rather than merging them, so each feature's block repeats its
 * layer's own patterns and paths.
 */
function featureBlocks(layerGlobs, features, { patterns = [], paths = [] } = {}) {
  return features.map((feature) => ({
    files: layerGlobs.map((glob) => glob.replace('<feature>', feature)),
    rules: { 'no-restricted-imports': ['error', { paths, patterns: [...patterns, otherFeatures(feature, features)] }] },
  }));
}

const reactInMachines = [
  { name: 'react', message: 'Machines have no React.' },
  { name: 'react-dom', message: 'Machines have no React.' },
  { name: '@xstate/react', message: 'Machines have no React.' },
  { name: 'ky', message: 'Machines do no network: invoke a service actor.' },
];
const behaviourInViews = [
  {
    name: 'react',
    importNames: ['useState', 'useReducer'],
    message: 'Behaviour belongs in an XState machine; views only render machine state.',
  },
];

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', '.tmp/**', 'data/**', 'coverage/**', 'test-results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'check-file': checkFile },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'check-file/filename-naming-convention': [
        'error',
        { '**/*.{ts,tsx,js,mjs,css}': 'KEBAB_CASE' },
        { ignoreMiddleExtensions: true },
      ],
      'check-file/folder-naming-convention': ['error', { '{src,server,test,content,scripts,bench}/**/': 'KEBAB_CASE' }],
    },
  },
  {
    // Migrations are named NNNN-name so they sort in the order they run.
    files: ['server/db/migrations/**/*.ts'],
    rules: {
      'check-file/filename-naming-convention': [
        'error',
        { '**/*.ts': '+([a-z0-9])*(-+([a-z0-9]))' },
        { ignoreMiddleExtensions: true },
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    files: ['src/views/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { paths: behaviourInViews }],
      'no-restricted-properties': [
        'error',
        { object: 'React', property: 'useState', message: 'Behaviour belongs in an XState machine.' },
        { object: 'React', property: 'useReducer', message: 'Behaviour belongs in an XState machine.' },
      ],
    },
  },
  {
    files: ['src/machines/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { paths: reactInMachines, patterns: [viewsOnlyFromApp] }],
    },
  },
  {
    files: ['src/services/**/*.{ts,tsx}', 'src/validation/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [viewsOnlyFromApp, noMachines] }],
    },
  },
  {
    files: ['server/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [noBrowserCode, viewsOnlyFromApp] }],
    },
  },
  ...featureBlocks(['src/views/<feature>/**/*.{ts,tsx}'], BROWSER_FEATURES, { paths: behaviourInViews }),
  ...featureBlocks(['src/machines/<feature>/**/*.ts'], BROWSER_FEATURES, { paths: reactInMachines, patterns: [viewsOnlyFromApp] }),
  ...featureBlocks(['src/services/<feature>/**/*.{ts,tsx}', 'src/validation/<feature>/**/*.ts'], BROWSER_FEATURES, { patterns: [viewsOnlyFromApp, noMachines] }),
  ...featureBlocks(['server/<feature>/**/*.ts'], SERVER_FEATURES, { patterns: [noBrowserCode, viewsOnlyFromApp] }),
  {
    files: ['content/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/src/**', '../src/**'], message: 'Content is data: it does not import the site.' }] },
      ],
    },
  },
);
