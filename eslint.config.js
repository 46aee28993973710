import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import checkFile from 'eslint-plugin-check-file';
import importPlugin from 'eslint-plugin-import';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'data/**',
      'apps/api/src/db/migrations/**',
      'e2e/.artifacts/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node }, ecmaVersion: 2023, sourceType: 'module' },
    plugins: { import: importPlugin },
    settings: {
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js'] } },
      // import/no-cycle reads each imported file: with TypeScript's parser, as the files are TypeScript.
      'import/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      // …and never a package's own files, which are not ours and take minutes to read.
      'import/ignore': ['node_modules'],
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      eqeqeq: ['error', 'smart'],
      'no-console': ['error', { allow: ['warn', 'error', 'info'] }],
      // STYLE.md: imports in one direction.
      'import/no-restricted-paths': [
        'error',
        {
          zones: [
            // The domain imports nothing of the apps (nor of Node or React).
            { target: './packages/domain', from: './apps' },
            // API: routes → service → db; the db layer never reaches up.
            { target: './apps/api/src/db', from: './apps/api/src/modules' },
            // Web: app → features → components/lib; features never import each other.
            ...['admin', 'auth', 'payments', 'sales', 'shell'].map((feature) => ({
              target: `./apps/web/src/features/${feature}`,
              from: './apps/web/src/features',
              except: [`./${feature}`],
            })),
            { target: './apps/web/src/components', from: ['./apps/web/src/features', './apps/web/src/app'] },
            { target: './apps/web/src/api', from: ['./apps/web/src/features', './apps/web/src/app'] },
            // The web's lib is below everything but the domain: hooks and helpers any layer may use.
            {
              target: './apps/web/src/lib',
              from: ['./apps/web/src/components', './apps/web/src/features', './apps/web/src/app'],
            },
            // API: lib is below the HTTP plugins and the modules; plugins know no module.
            { target: './apps/api/src/lib', from: ['./apps/api/src/plugins', './apps/api/src/modules'] },
            { target: './apps/api/src/plugins', from: './apps/api/src/modules' },
          ],
        },
      ],
      'import/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    // STYLE.md: files and folders in kebab-case (`.test` and other middle extensions aside).
    files: ['{apps,packages,e2e,scripts}/**/*.{ts,tsx}'],
    plugins: { 'check-file': checkFile },
    rules: {
      'check-file/filename-naming-convention': [
        'error',
        { '**/*.{ts,tsx}': 'KEBAB_CASE' },
        { ignoreMiddleExtensions: true },
      ],
      'check-file/folder-naming-convention': ['error', { '**/': 'KEBAB_CASE' }],
    },
  },
  {
    files: ['packages/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: ['node:*', 'react', 'react-*', 'fastify*', 'drizzle-orm*', '@mui/*'] },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules, 'react-hooks/set-state-in-effect': 'off' },
  },
  {
    // Issue 13: an error's text comes from the catalogue (MSG in packages/domain/src/messages.ts, or the area's
    // *_MESSAGES), never typed at the throw.
    files: ['apps/api/src/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...[
          "NewExpression[callee.name='AppError'] > :matches(Literal, TemplateLiteral):nth-child(2)",
          'CallExpression[callee.name=/^(badRequest|forbidden|notFound|conflict)$/] > :matches(Literal, TemplateLiteral):first-child',
          // …nor as either branch of a condition there.
          "NewExpression[callee.name='AppError'] > ConditionalExpression:nth-child(2) > :matches(Literal, TemplateLiteral)",
          'CallExpression[callee.name=/^(badRequest|forbidden|notFound|conflict)$/] > ConditionalExpression:first-child > :matches(Literal, TemplateLiteral)',
        ].map((selector) => ({
          selector,
          message:
            'Take the error text from the catalogue (MSG in packages/domain/src/messages.ts or the area’s *_MESSAGES).',
        })),
      ],
    },
  },
  prettier,
);
