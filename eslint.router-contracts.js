// curated/router-contracts: a tRPC router file states its contract. Every procedure chain that ends in
// .query(), .mutation() or .subscription() names its answer with .output(<schema>) in the same chain
// (tRPC checks every answer against it, and the public API documents it), and no object schema is
// written in the router: inputs and outputs live in the router's contract file,
// src/shared/schemas/<router file name>.ts, where the client and the REST adapters import them too.

const ENDS = new Set(['query', 'mutation', 'subscription']);
const OBJECT_BUILDERS = new Set(['object', 'strictObject', 'looseObject']);

/** The names of the calls a chain makes before its end: `a.input(x).output(y)` → ['output', 'input']. */
function chainCalls(node) {
  const names = [];
  let cur = node;
  while (cur?.type === 'CallExpression' && cur.callee.type === 'MemberExpression') {
    if (cur.callee.property.type === 'Identifier') names.push(cur.callee.property.name);
    cur = cur.callee.object;
  }
  return names;
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
        if (chainCalls(callee.object).includes('output')) return;
        const key = node.parent?.type === 'Property' && node.parent.key.type === 'Identifier' ? node.parent.key.name : callee.property.name;
        context.report({ node: callee.property, messageId: 'noOutput', data: { name: key } });
      },
    };
  },
};
