// @ts-check
/**
 * ESLint rule: no import cycles (docs/architecture.md#habits). A module that imports, directly or
 * through others, a module that imports it back runs against a half-initialised one, whose
 * exports are still undefined, depending on which of them was loaded first.
 *
 * What counts is what is loaded when the code runs: static imports and re-exports of the
 * repository's own files (relative paths, and the aliases given as the rule's option). Type-only
 * imports are erased and dynamic import() loads later, so neither makes a cycle; packages (the
 * contract among them) import nothing of ours back. The graph is built once per ESLint run, from
 * the files on disk, with the TypeScript parser.
 */
import ts from 'typescript'
import { existsSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'

/** @type {Map<string, string[]>} each file's runtime imports, resolved to files */
const edges = new Map()
/** @type {Map<string, number>} the strongly connected component of each file visited */
const componentOf = new Map()
let components = 0

/** @param {string} file */
const isFile = (file) => existsSync(file) && statSync(file).isFile()

/**
 * @param {string} from
 * @param {string} specifier
 * @param {Record<string, string>} aliases prefix -> absolute folder
 */
function resolve(from, specifier, aliases) {
  let base
  if (specifier.startsWith('.')) base = path.resolve(path.dirname(from), specifier)
  else {
    const alias = Object.keys(aliases).find((prefix) => specifier.startsWith(prefix))
    if (alias === undefined) return undefined
    base = path.join(aliases[alias] ?? '', specifier.slice(alias.length))
  }
  const stem = base.replace(/\.(m?js|jsx)$/, '')
  const candidates = [
    stem + '.ts',
    stem + '.tsx',
    stem + '.mts',
    base,
    path.join(base, 'index.ts'),
    path.join(base, 'index.tsx'),
  ]
  return candidates.find(isFile)
}

/** @param {ts.ImportDeclaration | ts.ExportDeclaration} node */
function loadsAtRuntime(node) {
  if (ts.isImportDeclaration(node)) {
    const clause = node.importClause
    if (!clause) return true // import './side-effect'
    if (clause.isTypeOnly) return false
    const named = clause.namedBindings
    // import { type A, type B } from '...' is erased as well.
    return !(
      !clause.name &&
      named &&
      ts.isNamedImports(named) &&
      named.elements.length > 0 &&
      named.elements.every((element) => element.isTypeOnly)
    )
  }
  if (node.isTypeOnly) return false
  const named = node.exportClause
  return !(
    named &&
    ts.isNamedExports(named) &&
    named.elements.length > 0 &&
    named.elements.every((element) => element.isTypeOnly)
  )
}

/**
 * @param {string} file
 * @param {Record<string, string>} aliases
 */
function importsOf(file, aliases) {
  let found = edges.get(file)
  if (found) return found
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest)
  found = []
  for (const statement of source.statements) {
    if (!ts.isImportDeclaration(statement) && !ts.isExportDeclaration(statement)) continue
    const specifier = statement.moduleSpecifier
    if (!specifier || !ts.isStringLiteral(specifier) || !loadsAtRuntime(statement)) continue
    const target = resolve(file, specifier.text, aliases)
    if (target) found.push(target)
  }
  edges.set(file, found)
  return found
}

/**
 * Tarjan's algorithm from `start`, iterative (a deep import chain must not overflow the stack).
 * Files met in an earlier call keep their component: the graph does not change during a run.
 * @param {string} start
 * @param {Record<string, string>} aliases
 */
function assignComponents(start, aliases) {
  if (componentOf.has(start)) return
  /** @type {Map<string, number>} */ const index = new Map()
  /** @type {Map<string, number>} */ const low = new Map()
  /** @type {string[]} */ const stack = []
  const onStack = new Set()
  let counter = 0
  /** @type {{ file: string, next: number }[]} */
  const work = [{ file: start, next: 0 }]
  index.set(start, counter)
  low.set(start, counter++)
  stack.push(start)
  onStack.add(start)
  while (work.length > 0) {
    const frame = /** @type {{ file: string, next: number }} */ (work.at(-1))
    const targets = importsOf(frame.file, aliases)
    if (frame.next < targets.length) {
      const target = /** @type {string} */ (targets[frame.next++])
      if (componentOf.has(target)) continue
      if (!index.has(target)) {
        index.set(target, counter)
        low.set(target, counter++)
        stack.push(target)
        onStack.add(target)
        work.push({ file: target, next: 0 })
      } else if (onStack.has(target)) {
        low.set(frame.file, Math.min(Number(low.get(frame.file)), Number(index.get(target))))
      }
      continue
    }
    work.pop()
    const parent = work.at(-1)
    if (parent)
      low.set(parent.file, Math.min(Number(low.get(parent.file)), Number(low.get(frame.file))))
    if (low.get(frame.file) === index.get(frame.file)) {
      const component = components++
      let member
      do {
        member = /** @type {string} */ (stack.pop())
        onStack.delete(member)
        componentOf.set(member, component)
      } while (member !== frame.file)
    }
  }
}

/**
 * The shortest way from `from` back to `to` inside their component, for the message.
 * @param {string} from
 * @param {string} to
 */
function pathBack(from, to) {
  const component = componentOf.get(to)
  /** @type {Map<string, string | null>} */
  const cameFrom = new Map([[from, null]])
  const queue = [from]
  while (queue.length > 0) {
    const file = /** @type {string} */ (queue.shift())
    if (file === to) break
    for (const next of edges.get(file) ?? []) {
      if (cameFrom.has(next) || componentOf.get(next) !== component) continue
      cameFrom.set(next, file)
      queue.push(next)
    }
  }
  const way = []
  for (let file = /** @type {string | null | undefined} */ (to); file; file = cameFrom.get(file))
    way.unshift(file)
  return way
}

/**
 * The same test as loadsAtRuntime, on the ESTree node typescript-eslint gives.
 * @param {any} node
 */
function typeOnly(node) {
  if (node.importKind === 'type' || node.exportKind === 'type') return true
  const specifiers = node.specifiers ?? []
  return (
    specifiers.length > 0 &&
    specifiers.every(
      (/** @type {any} */ s) =>
        (s.type === 'ImportSpecifier' && s.importKind === 'type') ||
        (s.type === 'ExportSpecifier' && s.exportKind === 'type'),
    )
  )
}

/** @type {import('eslint').Rule.RuleModule} */
export default {
  meta: {
    type: 'problem',
    docs: { description: 'Disallow import cycles between the repository’s own modules' },
    schema: [
      {
        type: 'object',
        properties: { aliases: { type: 'object', additionalProperties: { type: 'string' } } },
        additionalProperties: false,
      },
    ],
    messages: { cycle: 'Import cycle: {{cycle}}. Move what both need to a module both import.' },
  },
  create(context) {
    const file = context.filename
    if (!path.isAbsolute(file) || !isFile(file)) return {}
    const options = context.options[0] ?? {}
    /** @type {Record<string, string>} */
    const aliases = Object.fromEntries(
      Object.entries(options.aliases ?? {}).map(([prefix, folder]) => [
        prefix,
        path.resolve(context.cwd, String(folder)),
      ]),
    )
    assignComponents(file, aliases)
    const mine = componentOf.get(file)
    const relative = (/** @type {string} */ f) => path.relative(context.cwd, f)
    /** @param {import('estree').ImportDeclaration | import('estree').ExportNamedDeclaration | import('estree').ExportAllDeclaration} node */
    const check = (node) => {
      if (!node.source || typeof node.source.value !== 'string') return
      // The rule reads each file's imports with TypeScript; here it only finds where to report.
      const target = resolve(file, node.source.value, aliases)
      if (!target || target === file || componentOf.get(target) !== mine) return
      if (typeOnly(node)) return
      context.report({
        node,
        messageId: 'cycle',
        data: { cycle: [file, ...pathBack(target, file)].map(relative).join(' -> ') },
      })
    }
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
    }
  },
}
