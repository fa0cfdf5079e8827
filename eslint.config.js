import js from '@eslint/js';
import importPlugin from 'eslint-plugin-import';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * Imports flow one way: contract ← src/lib ← src/api ← src/machines ← src/routes → src/ui,
 * and contract ← server. src/ and server/ never import each other.
 */
const zones = [
  { target: './contract', from: ['./src', './server'], message: 'contract/ imports zod only.' },
  { target: './server', from: './src', message: 'The server never imports the browser apps.' },
  { target: './src', from: './server', message: 'The browser apps never import the server.' },
  {
    target: './src/lib',
    from: ['./src/api', './src/machines', './src/routes', './src/ui'],
    message: 'src/lib holds pure rules: it imports contract/ only.',
  },
  {
    target: './src/api',
    from: ['./src/machines', './src/routes', './src/ui'],
    message: 'src/api imports contract/ and src/lib only.',
  },
  {
    target: './src/machines',
    from: ['./src/routes', './src/ui'],
    message: 'Machines do not know about routes or components.',
  },
  {
    target: './src/ui',
    from: ['./src/api', './src/machines', './src/routes'],
    message: 'src/ui is presentational: props in, callbacks out.',
  },
];

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'node_modules/**',
      'docs/**',
      'bench/results/**',
      'test-results/**',
      'playwright-report/**',
      '.stryker-tmp/**',
      'reports/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  // Type-aware rules: unsafe `any` flows, promises left floating or passed where void is expected.
  // Each file is checked in the TypeScript project it ships in: the apps with their own registered
  // router (so route hooks are typed), the server without DOM, the rest in tsconfig.json.
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: {
      parserOptions: { project: './tsconfig.json', tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-unsafe-argument': 'error',
      '@typescript-eslint/no-unsafe-assignment': 'error',
      '@typescript-eslint/no-unsafe-call': 'error',
      '@typescript-eslint/no-unsafe-member-access': 'error',
      '@typescript-eslint/no-unsafe-return': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
    },
  },
  {
    files: ['src/main.tsx', 'src/routes/portal/**', 'src/ui/portal/**'],
    languageOptions: { parserOptions: { project: './tsconfig.portal.json' } },
  },
  {
    files: ['src/next-steps.tsx', 'src/routes/next-steps/**', 'src/ui/next-steps/**'],
    languageOptions: { parserOptions: { project: './tsconfig.next-steps.json' } },
  },
  {
    files: ['server/**/*.{ts,tsx}'],
    languageOptions: { parserOptions: { project: './tsconfig.server.json' } },
  },
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { ...globals.node, ...globals.browser },
    },
    plugins: { import: importPlugin, 'react-hooks': reactHooks },
    settings: {
      'import/resolver': { typescript: { project: './tsconfig.json' }, node: true },
      'import/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: {
      'import/no-restricted-paths': ['error', { zones }],
      'import/no-cycle': ['error', { maxDepth: 10 }],
      'import/no-self-import': 'error',
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[object.name='process'][property.name='env']",
          message: 'Read configuration through server/config.ts only.',
        },
      ],
    },
  },
  {
    files: ['server/config.ts', 'tests/**', 'e2e/**', 'bench/**', 'scripts/**', '*.config.{ts,js}'],
    rules: { 'no-restricted-syntax': 'off' },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'date-fns-tz', message: 'Only src/lib/time.ts converts time zones.' }],
        },
      ],
    },
  },
  {
    files: ['src/lib/time.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
);
