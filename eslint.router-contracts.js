// curated/router-contracts: a tRPC router file implements its contract. The contract (kind, caller, input
// and output of every procedure) lives in src/shared/schemas/<router file name>.ts, where the client and
// the REST adapters read it too; the router only maps each procedure to its handler through
// implement(<router>Contract, handlers) (src/server/trpc/implement.ts). So a router writes no procedure
// chain of its own (.input(), .output(), .query(), .mutation(), .subscription()) and no object schema.

const CHAIN = new Set(['input', 'output', 'query', 'mutation', 'subscription']);
const OBJECT_BUILDERS = new Set(['object', 'strictObject', 'looseObject']);

/** @type {import('eslint').Rule.RuleModule} */
export const routerContracts = {
  meta: {
    type: 'problem',
    messages: {
      chain:
        'No .{{ method }}() chain in a router: declare the procedure in src/shared/schemas/<router>.ts and implement it with implement(contract, handlers).',
      inlineObject: 'No z.{{ builder }}() in a router: the schema belongs in its contract file, src/shared/schemas/<router>.ts.',
    },
    schema: [],
  },
  create(context) {
    return {
      CallExpression(node) {
        const callee = node.callee;
        if (callee.type !== 'MemberExpression' || callee.property.type !== 'Identifier') return;
        const name = callee.property.name;
        if (callee.object.type === 'Identifier' && callee.object.name === 'z') {
          if (OBJECT_BUILDERS.has(name)) context.report({ node, messageId: 'inlineObject', data: { builder: name } });
          return;
        }
        // Only the outermost call of a chain is reported, once.
        if (CHAIN.has(name) && !(node.parent?.type === 'MemberExpression' && node.parent.object === node)) {
          context.report({ node: callee.property, messageId: 'chain', data: { method: name } });
        }
      },
    };
  },
};
