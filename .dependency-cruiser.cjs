/**
 * The layer rule of docs/architecture: arrows point inwards only.
 * `npm test` runs this; a violation fails the build.
 */
module.exports = {
  forbidden: [
    {
      name: 'domain-is-pure',
      comment: 'src/domain imports only the domain and fp-ts',
      severity: 'error',
      from: { path: '^src/domain' },
      to: { pathNot: ['^src/domain', '^node_modules/fp-ts/'] },
    },
    {
      name: 'application-knows-no-technology',
      comment: 'src/application imports the domain, its own ports and fp-ts; never an adapter, the bootstrap or a technology',
      severity: 'error',
      from: { path: '^src/application' },
      to: { pathNot: ['^src/domain', '^src/application', '^node_modules/fp-ts/'] },
    },
    {
      name: 'concerns-do-not-use-use-cases',
      comment:
        'the long-lived parts of each concern (voice, hosted, knowledge, webhooks, campaigns, messaging, accounts, testing) and the kernel sit below the use cases: one that needs a use case takes a narrow interface of its own, which the composition root fills',
      severity: 'error',
      from: { path: '^src/application/(kernel|voice|hosted|knowledge|webhooks|campaigns|messaging|accounts|compliance|testing|ports|events)/' },
      to: { path: '^src/application/use-cases' },
    },
    {
      name: 'kernel-is-generic',
      comment: 'the shared kernel (queues, periodic tasks, bounded caches, listener sets) knows ports only, no concern',
      severity: 'error',
      from: { path: '^src/application/kernel/' },
      to: { path: '^src/application/', pathNot: ['^src/application/(kernel|ports)/'] },
    },
    {
      name: 'ports-are-declarations',
      comment: 'a port names what the application needs; it never reaches into a concern for it',
      severity: 'error',
      from: { path: '^src/application/ports/' },
      to: { path: '^src/application/', pathNot: ['^src/application/(ports|events)/'] },
    },
    {
      name: 'adapters-stay-apart',
      comment: 'an adapter never imports another adapter',
      severity: 'error',
      from: { path: '^src/adapters/([^/]+)/', pathNot: '^src/adapters/mcp/' },
      to: { path: '^src/adapters/([^/]+)/', pathNot: '^src/adapters/$1/' },
    },
    {
      name: 'mcp-shares-the-rest-edge-vocabulary',
      comment:
        'the MCP server reads the same inputs and shows the same views as REST: it may use REST\'s codecs, views, input reporter, field names and error texts, nothing else of another adapter (the JSON Schema of a codec is handed in by the composition root)',
      severity: 'error',
      from: { path: '^src/adapters/mcp/' },
      to: {
        path: '^src/adapters/',
        pathNot: [
          '^src/adapters/mcp/',
          '^src/adapters/rest/(codecs|views)/',
          '^src/adapters/rest/(pagination|decode|error-envelope|field-names)[.]ts$',
        ],
      },
    },
    {
      name: 'adapters-do-not-know-bootstrap',
      severity: 'error',
      from: { path: '^src/adapters' },
      to: { path: '^src/bootstrap' },
    },
    {
      name: 'container-only-in-the-composition-root',
      comment:
        'only src/bootstrap/composition knows inversify: every dependency is bound and resolved there, so no other file can look one up in a container',
      severity: 'error',
      from: { pathNot: '^src/bootstrap/composition/' },
      to: { path: '^node_modules/(inversify|@inversifyjs)/' },
    },
    {
      name: 'no-circular',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsConfig: { fileName: 'tsconfig.json' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default'] },
  },
};
