import js from '@eslint/js';
import i18nRules from './scripts/eslint-i18n.js';
import { queryBuilders, rawSql } from './scripts/eslint-queries.js';
import importPlugin from 'eslint-plugin-import';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * Imports flow one way: contract ← src/lib ← src/api ← src/machines ← src/pages → src/ui, with
 * src/routes → src/pages, and contract ← server. src/ and server/ never import each other.
 * The portal and Next Steps areas (their routes, pages and ui folders) share only src/ui, src/lib
 * and the shared layers below them (src/api's client, src/machines), never each other's files.
 */
const portalArea = ['./src/routes/portal', './src/pages/portal', './src/ui/portal'];
const nextStepsArea = ['./src/routes/next-steps', './src/pages/next-steps', './src/ui/next-steps'];
/** The actors pages make are the statecharts inspector's to observe (src/inspector/README.md). */
const inspectedActorRef = {
  name: '@xstate/react',
  importNames: ['useActorRef'],
  message:
    'Import useActorRef from src/inspector/use-actor-ref.ts, which gives the inspector its actors.',
};

const zones = [
  { target: './contract', from: ['./src', './server'], message: 'contract/ imports zod only.' },
  { target: './server', from: './src', message: 'The server never imports the browser apps.' },
  { target: './src', from: './server', message: 'The browser apps never import the server.' },
  {
    target: './src/lib',
    from: ['./src/api', './src/machines', './src/pages', './src/routes', './src/ui'],
    message: 'src/lib holds pure rules: it imports contract/ only.',
  },
  {
    target: './src/api',
    from: ['./src/machines', './src/pages', './src/routes', './src/ui'],
    message: 'src/api imports contract/ and src/lib only.',
  },
  {
    target: './src/machines',
    from: ['./src/pages', './src/routes', './src/ui'],
    message: 'Machines do not know about pages, routes or components.',
  },
  {
    target: './src/ui',
    from: ['./src/api', './src/machines', './src/pages', './src/routes'],
    message: 'src/ui is presentational: props in, callbacks out.',
  },
  {
    // The router imports the pages; a page reaches the router only through its typed doorways:
    // the router context (context.ts) and the route hooks by id (route-api.ts), type-only imports
    // of the router at run time, so a page's chunk does not pull the route tree back in.
    target: './src/pages',
    from: './src/routes',
    except: [
      './portal/context.ts',
      './portal/route-api.ts',
      './next-steps/context.ts',
      './next-steps/route-api.ts',
    ],
    message: 'A page reaches the router only through context.ts and route-api.ts.',
  },
  {
    target: portalArea,
    from: [...nextStepsArea, './src/api/next-steps'],
    message: 'The portal and Next Steps share only src/ui, src/lib and the shared layers.',
  },
  {
    target: nextStepsArea,
    from: portalArea,
    message: 'The portal and Next Steps share only src/ui, src/lib and the shared layers.',
  },
  {
    // Routes are loaded by folder from server/routes (server/app.ts); a plugin (content, messages,
    // Next Steps, notify… in plugins/app, the ground in plugins/external) sets up its part and
    // registers none.
    target: ['./server/plugins/app', './server/plugins/external'],
    from: './server/routes',
    message: 'A plugin registers no routes: they are loaded by folder from server/routes.',
  },
  {
    target: ['./src/pages/shared', './src/ui/*.{ts,tsx}'],
    from: [...portalArea, ...nextStepsArea],
    message: 'What both apps share depends on neither.',
  },
];

const envOnlyInConfig = {
  selector: "MemberExpression[object.name='process'][property.name='env']",
  message: 'Read configuration through server/config.ts only.',
};
const noNewRepository = {
  selector: 'NewExpression[callee.name=/Repository$/]',
  message: 'Take repositories from app.repositories (db/repositories.ts builds them once).',
};
/**
 * Issue 61: a module-level `let` in a page or a component is state shared by every render, every
 * mount and every test, outside React and the machines: it lives in a machine, a ref or a hook.
 */
/**
 * Issues 73 and 88: a route or a data adapter takes the person from `request.subject` (whose
 * records) or `request.actor` (who acts, in which capacity), which `actingOf` (auth/acting.ts)
 * decided, never from the session's person: not `request.user`, not `request.auth` (nor
 * `request.auth.user`), in no form (a member read, a destructuring, a computed key).
 */
const SUBJECT_OR_ACTOR =
  'Read request.subject (whose records) or request.actor (who acts, and in which capacity), set by the authenticated scope (auth/acting.ts actingOf): never request.user or request.auth.';
const requestUser = [
  {
    selector: 'MemberExpression[object.name=/^(request|req)$/][property.name=/^(user|auth)$/]',
    message: SUBJECT_OR_ACTOR,
  },
  {
    selector:
      'MemberExpression[object.name=/^(request|req)$/][computed=true][property.value=/^(user|auth)$/]',
    message: SUBJECT_OR_ACTOR,
  },
  {
    selector:
      'VariableDeclarator[init.name=/^(request|req)$/] > ObjectPattern > Property[key.name=/^(user|auth)$/]',
    message: SUBJECT_OR_ACTOR,
  },
  {
    selector:
      'AssignmentExpression[right.name=/^(request|req)$/] > ObjectPattern > Property[key.name=/^(user|auth)$/]',
    message: SUBJECT_OR_ACTOR,
  },
  {
    // A handler taking the request apart in its parameters: `async ({ auth }) => …`.
    selector: ":function > ObjectPattern > Property[key.name='auth']",
    message: SUBJECT_OR_ACTOR,
  },
];
const moduleLet = {
  selector:
    "Program > VariableDeclaration[kind='let'], Program > ExportNamedDeclaration > VariableDeclaration[kind='let']",
  message:
    'No module-level let in src/pages or src/ui: keep the state in a machine, a ref (useRef) or a hook.',
};
/** Issue 61: a machine's snapshot type is `SnapshotFrom<typeof xMachine>`, never written by hand. */
const handWrittenSnapshot = {
  selector:
    'TSTypeAliasDeclaration[id.name=/Snapshot$/] > TSTypeLiteral, TSInterfaceDeclaration[id.name=/Snapshot$/]',
  message:
    "Type a machine's snapshot as SnapshotFrom<typeof xMachine> (xstate), not by hand: it follows the machine.",
};
/** React's own state hooks: a page container holds no state in them (the pages block below). */
const stateHooks = ['useState', 'useReducer', 'useActionState', 'useOptimistic'];
const pageStateMessage =
  'A page keeps server and workflow state in a machine (useActorRef + useSelector), not in React state; a value made once is useOnce (src/pages/shared/use-once.ts). The one exception is named in eslint.config.js.';

/**
 * Issue 59: what a person reads comes from the message catalogue. The rule holds in every folder of
 * the apps but these, which stay English (docs/translating.md, "What is translated").
 */
const untranslated = [
  'src/inspector/**', // the statecharts inspector: a developer's tool, English
];

/**
 * Every SIS read's answer schema, in one map for the server and the OpenAPI document: a browser
 * module imports its own read's schema from the read's file, so the first route carries only the
 * schemas of its own reads (a value import of the map put all 18 in it, 1.1 kB gzip).
 */
const everyReadSchema = {
  regex: '/integrations\\.schema(\\.js)?$',
  allowTypeImports: true,
  message: "Import a read's answer schema from its own file (contract/sis/<read>.schema.ts).",
};

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'node_modules/**',
      // The compiled catalogues (`npm run i18n:compile`), generated from the PO files.
      'locales/*/*.ts',
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
    files: ['src/main.tsx', 'src/routes/portal/**', 'src/pages/portal/**', 'src/ui/portal/**'],
    languageOptions: { parserOptions: { project: './tsconfig.portal.json' } },
  },
  {
    files: [
      'src/next-steps.tsx',
      'src/routes/next-steps/**',
      'src/pages/next-steps/**',
      'src/ui/next-steps/**',
    ],
    languageOptions: { parserOptions: { project: './tsconfig.next-steps.json' } },
  },
  {
    files: ['server/**/*.{ts,tsx}'],
    languageOptions: { parserOptions: { project: './tsconfig.server.json' } },
  },
  {
    files: ['worker/**/*.ts'],
    languageOptions: { parserOptions: { project: './tsconfig.worker.json' } },
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
      // Import cycles: scripts/import-cycles.ts (npm run lint), one pass over the whole graph, in
      // place of import/no-cycle, which was almost half of ESLint's rule time.
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
    // One way to reach data: db/repositories.ts builds every repository once (app.repositories, by
    // plugins/external/repositories.ts), and queries live only in db/repositories (the exceptions
    // are named below).
    files: ['server/**/*.{ts,tsx}'],
    ignores: ['server/db/repositories.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        envOnlyInConfig,
        noNewRepository,
        ...queryBuilders,
        ...rawSql,
      ],
    },
  },
  {
    files: ['server/db/repositories.ts'],
    rules: {
      'no-restricted-syntax': ['error', envOnlyInConfig, ...queryBuilders, ...rawSql],
    },
  },
  {
    // Demo mode is a data source chosen per request (portal.md §4): plugins/app/data-sources.ts hands each
    // request the demo or the live adapters (`request.adapters`); a route never tests the mode, nor
    // reaches demo data past its adapters.
    files: ['server/routes/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        envOnlyInConfig,
        noNewRepository,
        ...queryBuilders,
        ...rawSql,
        ...requestUser,
        {
          selector: "MemberExpression[property.name='dataSource']",
          message:
            'A route does not test the data source: call request.adapters (plugins/app/data-sources.ts).',
        },
        {
          selector: "Identifier[name='isDemo']",
          message:
            'A route does not test the data source: call request.adapters (plugins/app/data-sources.ts).',
        },
        {
          selector: "CallExpression[callee.name='dataSourceOf']",
          message:
            'A route does not test the data source: call request.adapters (plugins/app/data-sources.ts).',
        },
      ],
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '/demo/(?!demo-mode(\\.js)?$)[^/]+$|/sources/live(\\.js)?$',
              allowTypeImports: true,
              message:
                'Demo data and the live adapters reach a route only through request.adapters (plugins/app/data-sources.ts).',
            },
            {
              regex: '/auth/saml-sp(\\.js)?$',
              allowTypeImports: true,
              message:
                'The SAML and XML libraries load only when SAML is configured (app.ts): a route takes its values from auth/saml-request.ts.',
            },
          ],
        },
      ],
    },
  },
  {
    // The data adapters read the request's subject and actor, as routes do (issue 73).
    files: ['server/sources/**/*.ts', 'server/demo/adapters.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        envOnlyInConfig,
        noNewRepository,
        ...queryBuilders,
        ...rawSql,
        ...requestUser,
      ],
    },
  },
  {
    // Repositories read and write rows and apply no domain rule: the route, plugin or service that
    // calls one applies the rules (content/stored.ts, content/admin-posts.ts, next-steps/tasks.ts,
    // messages/links.ts). Types from those modules are fine.
    files: ['server/db/repositories/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex:
                '(\\.rules|/html-policy|/content/(sanitize|markdown|visible|stored|admin-posts)[^/]*|/next-steps/(rules|tasks|student-record)|/auth/rights|/messages/(recipient|links)|/feeds/[^/]*-rules|/server/time|^\\.\\./\\.\\./time|/admin/campus-time)(\\.js)?$',
              allowTypeImports: true,
              message:
                'A repository applies no domain rule: apply it in the route, plugin or service that calls the repository.',
            },
          ],
        },
      ],
    },
  },
  {
    // Where queries live: the repositories and the migrations.
    files: ['server/db/repositories/**/*.ts', 'server/db/migrations/**/*.ts'],
    rules: { 'no-restricted-syntax': ['error', envOnlyInConfig, noNewRepository] },
  },
  {
    // Raw SQL outside the repositories, by name, for a reason (query builders stay refused):
    // db/database.ts opens the store: `ping`, the readiness check, asks `select 1` of the
    // connection itself, below any table a repository would own. db/own-schema-introspector.ts
    // reads PostgreSQL's catalogue for the migrator, which no repository owns either.
    // db/traced-dialect.ts runs the queries the repositories compiled, in a span each (issue 90).
    files: [
      'server/db/database.ts',
      'server/db/own-schema-introspector.ts',
      'server/db/traced-dialect.ts',
    ],
    rules: {
      'no-restricted-syntax': ['error', envOnlyInConfig, noNewRepository, ...queryBuilders],
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
          paths: [
            { name: 'date-fns-tz', message: 'Only src/lib/time.ts converts time zones.' },
            inspectedActorRef,
          ],
          patterns: [everyReadSchema],
        },
      ],
    },
  },
  {
    files: ['src/lib/time.ts', 'src/inspector/use-actor-ref.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    // A page keeps server and workflow state in a machine (useActorRef + useSelector), never in React
    // state (ARCHITECTURE.md: settings screens are machines too). The exception holds neither, in a
    // file of its own so nothing slips in beside it:
    files: ['src/pages/**/*.{ts,tsx}'],
    ignores: [
      // The last task the address named, which an id of 0 falls back to (next-steps.md §5): a
      // memory of the router's address while the task screen shows, drawn from nothing else.
      'src/pages/next-steps/task/use-selected-task-id.ts',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'date-fns-tz', message: 'Only src/lib/time.ts converts time zones.' },
            inspectedActorRef,
            { name: 'react', importNames: [...stateHooks], message: pageStateMessage },
          ],
          patterns: [everyReadSchema],
        },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[object.name='process'][property.name='env']",
          message: 'Read configuration through server/config.ts only.',
        },
        {
          selector: `MemberExpression[property.name=/^(${stateHooks.join('|')})$/]`,
          message: pageStateMessage,
        },
        moduleLet,
      ],
    },
  },
  {
    files: ['src/ui/**/*.{ts,tsx}', 'src/pages/next-steps/task/use-selected-task-id.ts'],
    rules: { 'no-restricted-syntax': ['error', envOnlyInConfig, moduleLet] },
  },
  {
    files: ['src/machines/**/*.ts'],
    rules: { 'no-restricted-syntax': ['error', envOnlyInConfig, handWrittenSnapshot] },
  },
  {
    // .ts files too: the text their functions return is rendered by the components that call them.
    files: ['src/**/*.{ts,tsx}'],
    ignores: untranslated,
    plugins: { i18n: i18nRules },
    rules: { 'i18n/no-literal-text': 'error' },
  },
);
