// @ts-check
import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'
import drizzle from 'eslint-plugin-drizzle'
import globals from 'globals'
import { existsSync, readdirSync } from 'node:fs'

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

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
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
    files: ['scripts/**/*.{js,mjs,ts}', 'apps/server/**/*.ts', 'e2e/**/*.ts', '*.js', '*.ts'],
    languageOptions: { globals: globals.node },
  },
  {
    // The contract is shared with the browser bundle: no Node or database code (ARCHITECTURE.md).
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
    files: ['apps/web/**/*.{ts,tsx}'],
    // Checks of the built app run in Node (they build it and weigh the files).
    ignores: ['apps/web/build-checks/**'],
    languageOptions: { globals: globals.browser },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: serverOnly,
              message: 'The web app runs in the browser: no Node or server imports.',
            },
          ],
        },
      ],
    },
  },
  ...features.map((feature) => ({
    // Features do not import each other; pages compose them (ARCHITECTURE.md, web app).
    files: [`apps/web/src/features/${feature}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: serverOnly,
              message: 'The web app runs in the browser: no Node or server imports.',
            },
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
          ],
        },
      ],
    },
  })),
)
