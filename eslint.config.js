// @ts-check
import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'
import drizzle from 'eslint-plugin-drizzle'
import globals from 'globals'
import { existsSync, readdirSync } from 'node:fs'
import noImportCycles from './lint-rules/no-import-cycles.js'

const featuresDir = 'apps/web/src/features'
const features = existsSync(featuresDir) ? readdirSync(featuresDir) : []

/** Node built-ins and server-only packages the contract and the browser may never import. */
const serverOnly = [
  'node:*',
  'fs',
  'path',
  'crypto',
  'drizzle-orm',
  'drizzle-orm/*',
  'pg',
  'pg-boss',
  '@electric-sql/pglite',
  'fastify',
  '@fastify/*',
]

/** The web app runs in the browser. */
const browserOnly = {
  group: serverOnly,
  message: 'The web app runs in the browser: no Node or server imports.',
}

/**
 * The layers of the web app (docs/architecture.md#the-web-app): the route table shows pages,
 * pages compose features, features use components/ and lib/. Nothing imports a layer above it.
 */
const aboveFeatures = {
  group: [
    '@/features/*',
    '@/features/**',
    '../features/*',
    '../../features/*',
    '../../../features/*',
  ],
  message: 'lib/ and components/ are below the features: move what both need here, or the call up.',
}
const abovePages = {
  group: [
    '@/pages/*',
    '@/pages/**',
    '../pages/*',
    '../../pages/*',
    '../../../pages/*',
    '../../../../pages/*',
  ],
  message: 'Pages compose features: a feature, lib/ or components/ does not import a page.',
}
const aboveApp = {
  group: ['@/app/*', '@/app/**', '../app/*', '../../app/*', '../../../app/*', '../../../../app/*'],
  message: 'app/ (the router and the route table) is the top layer: nothing below imports it.',
}

/**
 * The layers of the server (docs/architecture.md#the-server): routes -> services -> repos. A
 * routes file is imported only where the routes are registered (app.ts).
 */
const routesFiles = {
  group: ['*.routes.js', '**/*.routes.js'],
  message: 'Only app.ts imports a routes file: move what is shared to a service, lib/ or plugins/.',
}
const serviceFiles = {
  group: ['*.service.js', '**/*.service.js'],
  message: 'Repos query, services decide: a repo does not import a service.',
}
const domainModules = {
  group: ['**/modules/**'],
  message: 'lib/, db/ and jobs/ are below the domain modules and import none of them.',
}

/** @param {...{ group: string[], message: string }} patterns */
const restrict = (...patterns) => ['error', { patterns }]

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'apps/server/dist-*/**',
      'data/**',
      '**/test-results/**',
      '**/playwright-report/**',
      'apps/server/src/db/migrations/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
    },
  },
  {
    files: [
      'scripts/**/*.{js,mjs,ts}',
      'lint-rules/**/*.js',
      'apps/server/**/*.ts',
      'e2e/**/*.ts',
      '*.js',
      '*.ts',
    ],
    languageOptions: { globals: globals.node },
  },
  {
    // No import cycles anywhere (lint-rules/no-import-cycles.js, docs/architecture.md#habits).
    files: ['**/*.{js,mjs,ts,tsx}'],
    plugins: { local: { rules: { 'no-import-cycles': noImportCycles } } },
    rules: { 'local/no-import-cycles': ['error', { aliases: { '@/': 'apps/web/src/' } }] },
  },
  {
    // The contract is shared with the browser bundle: no Node or database code
    // (docs/architecture.md#the-contract).
    files: ['packages/contract/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: serverOnly,
              message:
                'packages/contract is bundled into the browser: no Node or database imports.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/server/**/*.ts'],
    plugins: { drizzle },
    rules: {
      // Every update and delete must say which rows it touches.
      'drizzle/enforce-delete-with-where': ['error', { drizzleObjectName: ['db', 'tx'] }],
      'drizzle/enforce-update-with-where': ['error', { drizzleObjectName: ['db', 'tx'] }],
    },
  },
  {
    // routes -> services -> repos; only app.ts, which registers them, imports routes
    // (docs/architecture.md#the-server).
    files: ['apps/server/**/*.ts'],
    ignores: ['apps/server/src/app.ts'],
    rules: { 'no-restricted-imports': restrict(routesFiles) },
  },
  {
    files: ['apps/server/src/**/*.repo.ts'],
    rules: { 'no-restricted-imports': restrict(routesFiles, serviceFiles) },
  },
  {
    files: ['apps/server/src/{lib,db,jobs}/**/*.ts'],
    rules: { 'no-restricted-imports': restrict(routesFiles, domainModules) },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    // Checks of the built app run in Node (they build it and weigh the files).
    ignores: ['apps/web/build-checks/**'],
    languageOptions: { globals: globals.browser },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': restrict(browserOnly),
    },
  },
  {
    files: ['apps/web/src/{lib,components}/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': restrict(browserOnly, aboveFeatures, abovePages, aboveApp) },
  },
  {
    files: ['apps/web/src/pages/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': restrict(browserOnly, aboveApp) },
  },
  ...features.map((feature) => ({
    // Features do not import each other; pages compose them (docs/architecture.md#the-web-app).
    files: [`apps/web/src/features/${feature}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': restrict(
        browserOnly,
        {
          group: [
            '@/features/*',
            '!@/features/' + feature,
            '!@/features/' + feature + '/**',
            '../../*/**',
            '../../../features/*',
          ],
          message:
            'Features may not import other features: move the shared piece to components/ or lib/.',
        },
        abovePages,
        aboveApp,
      ),
    },
  })),
  {
    // One way to write a form (docs/decisions/031-forms.md): react-hook-form with the zod
    // resolver, through components/form/use-zod-form.ts, which sets the product's behaviour. The
    // rest (a <form> without it, an error map in state) is apps/web/src/forms.test.ts's to catch.
    files: ['apps/web/src/{features,pages}/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "ImportDeclaration[source.value='react-hook-form'] ImportSpecifier[imported.name='useForm']",
          message: 'Use useZodForm (components/form/use-zod-form.ts): it sets how forms check.',
        },
        {
          selector: "ImportDeclaration[source.value='@hookform/resolvers/zod']",
          message: 'Use useZodForm (components/form/use-zod-form.ts): it sets the zod resolver.',
        },
      ],
    },
  },
)
