// curated/router-contracts: a tRPC router file states its contract. Every procedure chain that ends in
// .query(), .mutation() or .subscription() names its answer with .output(<schema>) in the same chain
// (tRPC checks every answer against it, and the public API documents it), and no object schema is
// written in the router: inputs and outputs live in the router's contract file,
// src/shared/schemas/<router file name>.ts, where the client and the REST adapters import them too.

const ENDS = new Set(['query', 'mutation', 'subscription']);
const OBJECT_BUILDERS = new Set(['object', 'strictObject', 'looseObject']);

/**
 * Whether the chain below `node` calls .output(): `a.input(x).output(y)`, or a name declared in the file
 * as such a chain (`const editing = adminProcedure.output(post)`, then `editing.input(x)`).
 */
function chainHasOutput(node, scope, depth = 0) {
  let cur = node;
  while (cur?.type === 'CallExpression' && cur.callee.type === 'MemberExpression') {
    if (cur.callee.property.type === 'Identifier' && cur.callee.property.name === 'output') return true;
    cur = cur.callee.object;
  }
  if (cur?.type !== 'Identifier' || depth > 4) return false;
  for (let s = scope; s; s = s.upper) {
    const variable = s.set.get(cur.name);
    if (!variable) continue;
    const def = variable.defs[0];
    return def?.node.type === 'VariableDeclarator' && !!def.node.init && chainHasOutput(def.node.init, s, depth + 1);
  }
  return false;
}

/** @type {import('eslint').Rule.RuleModule} */
export const routerContracts = {
  meta: {
    type: 'problem',
    messages: {
      noOutput: "The procedure '{{ name }}' has no .output(<schema>): state what it answers (its schema in src/shared/schemas/<router>.ts).",
      inlineObject: 'No z.{{ builder }}() in a router: the schema belongs in its contract file, src/shared/schemas/<router>.ts.',
    },
    schema: [],
  },
  create(context) {
    return {
      CallExpression(node) {
        const callee = node.callee;
        if (callee.type !== 'MemberExpression' || callee.property.type !== 'Identifier') return;
        if (callee.object.type === 'Identifier' && callee.object.name === 'z' && OBJECT_BUILDERS.has(callee.property.name)) {
          context.report({ node, messageId: 'inlineObject', data: { builder: callee.property.name } });
          return;
        }
        if (!ENDS.has(callee.property.name)) return;
        if (chainHasOutput(callee.object, context.sourceCode.getScope(node))) return;
        const key = node.parent?.type === 'Property' && node.parent.key.type === 'Identifier' ? node.parent.key.name : callee.property.name;
        context.report({ node: callee.property, messageId: 'noOutput', data: { name: key } });
      },
    };
  },
};
