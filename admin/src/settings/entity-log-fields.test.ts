import { readdirSync, statSync } from 'node:fs';
import { join, normalize } from 'node:path';
import { LOCALES } from '@flybook/locales';
import ts from 'typescript';
import { beforeAll, describe, expect, it } from 'vitest';
import { createI18n } from '../app/i18n.ts';
import { ALL_CATALOGUES } from '../test/catalogues.ts';
import { entityTypeLabelKey, fieldLabel, fieldLabelKey } from './entity-log-format.ts';

// The event log (Settings → Event log) names each changed field and entity type by its label under
// `settings.entityLog.fields` / `.entityTypes`; one without a label shows its raw English name in
// every language ("invoiceDate"). Which fields an entry records is decided only by the API, call by
// call: literal lists (`['totalPaid', 'status']`), the keys of the values it stores
// (`Object.keys(values)`, `changedFields(before, values)`) and lists handed on through helpers
// (`recordChange(tx, user, id, ['tickets'])`). So this test reads the API's code with TypeScript's
// type checker and follows each entry's `changedFields` and `entityType` to the names they can hold;
// a way of naming fields it cannot follow fails the test too, rather than pass unseen.

const root = `${normalize(join(import.meta.dirname, '../../..'))}/`;
const apiSource = join(root, 'packages/api/src');
/** The calls that write an event-log entry (packages/api/src/platform/entity-log.ts). */
const ENTRY_CALLS = new Set(['logEntityChange', 'entityChangeInsert', 'entityChangeRow']);

function apiFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'test' ? [] : apiFiles(path);
    return name.endsWith('.ts') && !/\.(test|pg-test)\.ts$/.test(name) ? [path] : [];
  });
}

interface Names {
  /** Each name with the first place it is logged from. */
  names: Map<string, string>;
  /** Expressions whose names could not be told, with where they are. */
  unknown: string[];
}

/** The names the API logs: changed fields and entity types, as far as the code tells them. */
function loggedNames(): { fields: Names; entityTypes: Names } {
  const files = apiFiles(apiSource);
  const config = ts.readConfigFile(join(root, 'tsconfig.json'), ts.sys.readFile).config;
  const { options } = ts.convertCompilerOptionsFromJson(config.compilerOptions, root);
  const program = ts.createProgram(files, { ...options, noEmit: true, types: ['node'] });
  const checker = program.getTypeChecker();
  const sources = program
    .getSourceFiles()
    .filter((file) => file.fileName.startsWith(apiSource) && files.includes(file.fileName));

  const calls: ts.CallExpression[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node)) calls.push(node);
    ts.forEachChild(node, visit);
  };
  for (const file of sources) visit(file);
  const calleeName = (call: ts.CallExpression) => {
    const callee = call.expression;
    if (ts.isIdentifier(callee)) return callee.text;
    if (ts.isPropertyAccessExpression(callee)) return callee.name.text;
    return undefined;
  };

  const where = (node: ts.Node) => {
    const file = node.getSourceFile();
    const { line } = file.getLineAndCharacterOfPosition(node.getStart());
    return `${file.fileName.slice(root.length)}:${line + 1} ${node.getText().slice(0, 60)}`;
  };

  /** The string literals a type stands for: 'a', 'a' | 'b', ('a' | 'b')[], readonly ['a', 'b']. */
  const literalsOf = (type: ts.Type): string[] | null => {
    if (type.isStringLiteral()) return [type.value];
    if (type.isUnion()) {
      const parts = type.types.map(literalsOf);
      return parts.every((part) => part !== null) ? parts.flat() : null;
    }
    if (checker.isArrayType(type) || checker.isTupleType(type)) {
      const elements = checker.getTypeArguments(type as ts.TypeReference);
      if (elements.length === 0) return [];
      const parts = elements.map(literalsOf);
      return parts.every((part) => part !== null) ? parts.flat() : null;
    }
    return null;
  };

  /** The property names of a value's type: what `Object.keys` and `changedFields(before, after)` answer. */
  const keysOf = (node: ts.Expression, found: Names): Names => {
    const properties = checker.getTypeAtLocation(node).getApparentProperties();
    if (properties.length === 0) found.unknown.push(`keys of ${where(node)}`);
    for (const property of properties) add(found, property.name, node);
    return found;
  };

  /** A function's or method's parameter: the arguments its callers give in that place. */
  const argumentsFor = (parameter: ts.ParameterDeclaration): ts.Expression[] | null => {
    const fn = parameter.parent;
    const index = fn.parameters.indexOf(parameter);
    // function f(…), f(…) { } in an object, or const f = (…) => …
    const named = fn.name ?? (ts.isVariableDeclaration(fn.parent) ? fn.parent.name : undefined);
    const name = named && ts.isIdentifier(named) ? named.text : undefined;
    if (!name || !ts.isIdentifier(parameter.name)) return null;
    return calls.filter((call) => calleeName(call) === name).flatMap((call) => call.arguments[index] ?? []);
  };

  /** A property of an object literal given as an argument, or null where it is not one. */
  const propertyOf = (argument: ts.Expression, property: string): ts.Expression[] | null => {
    if (!ts.isObjectLiteralExpression(argument)) return null;
    const found = argument.properties.find((item) => item.name?.getText() === property);
    if (!found) return [];
    if (ts.isPropertyAssignment(found)) return [found.initializer];
    if (ts.isShorthandPropertyAssignment(found)) return [found.name];
    return null;
  };

  const add = (found: Names, name: string, node: ts.Node) => {
    if (!found.names.has(name)) found.names.set(name, where(node));
  };

  const isApiFunction = (node: ts.Node): node is ts.FunctionLikeDeclaration =>
    node.getSourceFile().fileName.startsWith(apiSource) &&
    (ts.isFunctionDeclaration(node) || ts.isArrowFunction(node) || ts.isFunctionExpression(node)) &&
    node.body !== undefined;

  /** The expressions a function returns: its `return` statements, or an arrow function's body. */
  const returnedBy = (fn: ts.FunctionLikeDeclaration): ts.Expression[] => {
    if (fn.body && !ts.isBlock(fn.body)) return [fn.body];
    const returned: ts.Expression[] = [];
    const walk = (node: ts.Node) => {
      if (ts.isReturnStatement(node) && node.expression) returned.push(node.expression);
      // not into functions inside it
      else if (!ts.isFunctionLike(node)) ts.forEachChild(node, walk);
    };
    if (fn.body) ts.forEachChild(fn.body, walk);
    return returned;
  };

  /** For `([name]) => name` (a map over pairs), the place it picks: 0; null for any other callback. */
  const pickedElement = (callback: ts.Expression | undefined): number | null => {
    if (!callback || !ts.isArrowFunction(callback) || ts.isBlock(callback.body)) return null;
    const pattern = callback.parameters[0]?.name;
    if (!pattern || !ts.isArrayBindingPattern(pattern) || !ts.isIdentifier(callback.body)) return null;
    const body = callback.body.text;
    const index = pattern.elements.findIndex(
      (element) =>
        ts.isBindingElement(element) && ts.isIdentifier(element.name) && element.name.text === body,
    );
    return index >= 0 ? index : null;
  };

  /** The names at a place of each pair of a list of pairs (`[['status', get], …]`). */
  const followElements = (list: ts.Expression, index: number, found: Names): Names => {
    let node: ts.Expression = list;
    // through narrowing calls and the variable to the list itself
    for (;;) {
      if (
        ts.isCallExpression(node) &&
        ts.isPropertyAccessExpression(node.expression) &&
        ['filter', 'slice', 'sort', 'toSorted'].includes(node.expression.name.text)
      ) {
        node = node.expression.expression;
        continue;
      }
      const declaration = ts.isIdentifier(node)
        ? checker.getSymbolAtLocation(node)?.valueDeclaration
        : undefined;
      if (declaration && ts.isVariableDeclaration(declaration) && declaration.initializer) {
        node = declaration.initializer;
        continue;
      }
      break;
    }
    if (!ts.isArrayLiteralExpression(node)) {
      found.unknown.push(where(list));
      return found;
    }
    for (const pair of node.elements) {
      const element = ts.isArrayLiteralExpression(pair) ? pair.elements[index] : undefined;
      if (element) follow(element, found);
      else found.unknown.push(where(pair));
    }
    return found;
  };

  const seen = new Set<ts.Node>();
  /** The names an expression holding a name or a list of names can hold, added to `found`. */
  const follow = (node: ts.Expression, found: Names): Names => {
    if (seen.has(node)) return found;
    seen.add(node);
    if (ts.isParenthesizedExpression(node) || ts.isAsExpression(node) || ts.isSatisfiesExpression(node)) {
      return follow(node.expression, found);
    }
    if (ts.isStringLiteralLike(node)) {
      add(found, node.text, node);
      return found;
    }
    if (ts.isArrayLiteralExpression(node)) {
      for (const element of node.elements)
        follow(ts.isSpreadElement(element) ? element.expression : element, found);
      return found;
    }
    if (ts.isConditionalExpression(node)) {
      follow(node.whenTrue, found);
      follow(node.whenFalse, found);
      return found;
    }
    if (ts.isCallExpression(node)) {
      const name = calleeName(node);
      const callee = node.expression;
      if (
        name === 'keys' &&
        ts.isPropertyAccessExpression(callee) &&
        callee.expression.getText() === 'Object'
      ) {
        return keysOf(node.arguments[0]!, found);
      }
      if (name === 'changedFields' && node.arguments[1]) return keysOf(node.arguments[1], found);
      if (ts.isPropertyAccessExpression(callee)) {
        // a list narrowed or ordered: the names of the list itself
        if (['filter', 'slice', 'sort', 'toSorted'].includes(name ?? ''))
          return follow(callee.expression, found);
        // parts.map(([name]) => name): the first of each pair of the list
        const picked = name === 'map' ? pickedElement(node.arguments[0]) : null;
        if (picked !== null) return followElements(callee.expression, picked, found);
      }
      // a function of the API's: what it returns
      const declaration = checker.getResolvedSignature(node)?.getDeclaration();
      if (declaration && isApiFunction(declaration)) {
        const returned = returnedBy(declaration);
        if (returned.length > 0) return followAll(returned, found);
      }
    }
    // A name or list whose type says which names it holds ('agent' | 'customer' | 'manager').
    const literals = literalsOf(checker.getTypeAtLocation(node));
    if (literals !== null && literals.length > 0) {
      for (const literal of literals) add(found, literal, node);
      return found;
    }
    if (ts.isIdentifier(node) || ts.isPropertyAccessExpression(node)) {
      const symbol = checker.getSymbolAtLocation(ts.isIdentifier(node) ? node : node.expression);
      const declaration = symbol?.valueDeclaration ?? symbol?.declarations?.[0];
      if (ts.isIdentifier(node)) {
        if (declaration && ts.isVariableDeclaration(declaration) && declaration.initializer) {
          return follow(declaration.initializer, found);
        }
        if (declaration && ts.isShorthandPropertyAssignment(declaration)) {
          const value = checker.getShorthandAssignmentValueSymbol(declaration);
          const variable = value?.valueDeclaration;
          if (variable && ts.isVariableDeclaration(variable) && variable.initializer) {
            return follow(variable.initializer, found);
          }
          if (variable && ts.isParameter(variable)) {
            const given = argumentsFor(variable);
            if (given) return followAll(given, found);
          }
        }
        if (declaration && ts.isParameter(declaration)) {
          const given = argumentsFor(declaration);
          if (given) return followAll(given, found);
        }
      } else if (declaration && ts.isParameter(declaration)) {
        // `record.entityType` of a parameter `record`: the callers' `entityType`
        const given = argumentsFor(declaration);
        const values = given?.map((argument) => propertyOf(argument, node.name.text));
        if (values?.every((value) => value !== null)) {
          return followAll(
            values.flatMap((value) => value ?? []),
            found,
          );
        }
      }
    }
    found.unknown.push(where(node));
    return found;
  };
  const followAll = (nodes: readonly ts.Expression[], found: Names): Names => {
    for (const node of nodes) follow(node, found);
    return found;
  };

  const fields: Names = { names: new Map(), unknown: [] };
  const entityTypes: Names = { names: new Map(), unknown: [] };
  for (const call of calls.filter((call) => ENTRY_CALLS.has(calleeName(call) ?? ''))) {
    // logEntityChange(tx, entry), entityChangeInsert(tx, entry), entityChangeRow(entry)
    const entry = call.arguments.at(-1)!;
    const changed = propertyOf(entry, 'changedFields');
    const type = propertyOf(entry, 'entityType');
    if (changed === null || type === null) {
      // the helpers themselves hand an entry they were given on (platform/entity-log.ts)
      if (ts.isIdentifier(entry)) continue;
      fields.unknown.push(where(entry));
      continue;
    }
    for (const expression of changed) follow(expression, fields);
    for (const expression of type) follow(expression, entityTypes);
  }
  return { fields, entityTypes };
}

/**
 * Names the types of stored values allow but no change holds: the database fills ids and times, and
 * a new password is logged as `password`, never as its hash.
 */
const NEVER_CHANGED = new Set(['id', 'createdAt', 'updatedAt', 'passwordHash']);

describe('the event log', () => {
  let logged: ReturnType<typeof loggedNames>;
  beforeAll(() => {
    logged = loggedNames();
  }, 120_000);

  it('can tell every field and entity type the API logs', () => {
    expect(logged.fields.unknown, 'changed fields the test cannot follow').toEqual([]);
    expect(logged.entityTypes.unknown, 'entity types the test cannot follow').toEqual([]);
    // the reading reaches fields logged from the keys of stored values and through helpers
    expect([...logged.fields.names.keys()]).toEqual(
      expect.arrayContaining(['invoiceDate', 'totalPaid', 'password', 'pnlOriginator', 'tickets']),
    );
    expect([...logged.entityTypes.names.keys()]).toEqual(
      expect.arrayContaining(['allotmentInvoice', 'agent', 'aircraftTemplate']),
    );
  });

  it('has a label for every field the API logs, in de, en, fr and sq', () => {
    for (const locale of LOCALES) {
      const i18n = createI18n(locale, ALL_CATALOGUES);
      const missing = [...logged.fields.names]
        .filter(([field]) => !NEVER_CHANGED.has(field))
        .filter(([field]) => !i18n.exists(fieldLabelKey(field), { fallbackLng: false }))
        .map(([field, from]) => `${field} (${from})`)
        .sort();
      expect(missing, `fields without a label in ${locale}`).toEqual([]);
    }
  });

  it('has a label for every entity type the API logs, in de, en, fr and sq', () => {
    for (const locale of LOCALES) {
      const i18n = createI18n(locale, ALL_CATALOGUES);
      const missing = [...logged.entityTypes.names]
        .filter(([type]) => !i18n.exists(entityTypeLabelKey(type), { fallbackLng: false }))
        .map(([type, from]) => `${type} (${from})`)
        .sort();
      expect(missing, `entity types without a label in ${locale}`).toEqual([]);
    }
  });
});

describe('fieldLabel', () => {
  it('names a field in the reader’s language, a dotted one included, and spells out one without a label', () => {
    const t = createI18n('de', ALL_CATALOGUES).t;
    expect(fieldLabel(t, 'invoiceDate')).toBe('Rechnungsdatum');
    expect(fieldLabel(t, 'flights.status')).toBe('Flugstatus');
    expect(fieldLabel(t, 'seatsOnTheWing')).toBe('Seats on the wing');
  });
});
