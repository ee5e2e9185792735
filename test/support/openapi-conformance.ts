import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

interface ResponseObject {
  readonly content?: Readonly<Record<string, { readonly schema?: object }>>;
}
interface OperationObject {
  readonly operationId: string;
  readonly responses: Readonly<Record<string, ResponseObject>>;
}
export interface OpenApiJson {
  readonly servers: readonly { readonly url: string }[];
  readonly paths: Readonly<Record<string, Readonly<Record<string, OperationObject>>>>;
  readonly components: { readonly schemas: Readonly<Record<string, object>> };
}

/** What one response was checked against, and what was wrong with it. */
export interface Conformance {
  readonly operationId: string;
  readonly status: string;
  readonly problems: readonly string[];
}

const templateOf = (path: string) => new RegExp(`^${path.replace(/\{\w+\}/g, '[^/]+')}$`);

/**
 * Checks real responses against an OpenAPI document: the operation their method and path
 * name, a status the operation names (`default` only for a 500), and a body valid under that response's schema
 * (ajv, JSON Schema 2020-12, formats asserted). Records which operations were seen, so a test
 * can require all of them.
 */
export const conformanceTo = (document: OpenApiJson) => {
  const ajv = new Ajv2020.default({ strict: false, allErrors: true });
  addFormats.default(ajv);
  // `$ref: '#/components/schemas/…'` resolves inside this wrapper, whose root is the document's components.
  ajv.addSchema({ $id: 'openapi:components', components: document.components }, 'openapi:components');
  const withRefs = (schema: object): object =>
    JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', '"openapi:components#/components/')) as object;
  const compiled = new Map<object, ReturnType<typeof ajv.compile>>();
  const validatorOf = (schema: object) => {
    let validate = compiled.get(schema);
    if (!validate) compiled.set(schema, (validate = ajv.compile(withRefs(schema))));
    return validate;
  };

  const operations = Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]) => ({ method: method.toUpperCase(), path, pattern: templateOf(path), operation })),
  );
  const seen = new Map<string, Set<string>>();

  const check = (method: string, path: string, status: number, contentType: string | null, body: unknown): Conformance => {
    const bare = path.split('?')[0]!;
    // The literal path wins over a template (`/v1/agents/voices` over `/v1/agents/{agentId}`).
    const found =
      operations.find((o) => o.method === method && o.path === bare) ?? operations.find((o) => o.method === method && o.pattern.test(bare));
    if (!found) return { operationId: '?', status: String(status), problems: [`no operation for ${method} ${bare}`] };
    const { operation } = found;
    const key = String(status) in operation.responses ? String(status) : 'default';
    const response = operation.responses[key];
    const problems: string[] = [];
    if (!response) problems.push(`status ${status} is not documented`);
    // `default` is for the unexpected: a status the API answers on purpose is named.
    else if (key === 'default' && status !== 500) problems.push(`status ${status} is described only by default`);
    const media = (contentType ?? '').split(';')[0]!.trim();
    const content = response?.content;
    if (content && status !== 204) {
      const entry = content[media] ?? Object.entries(content).find(([type]) => type.endsWith('/*') && media.startsWith(type.slice(0, -1)))?.[1];
      if (!entry) problems.push(`content type ${media || '(none)'} is not documented for ${status}`);
      else if (media === 'application/json' && entry.schema) {
        const validate = validatorOf(entry.schema);
        if (!validate(body)) problems.push(...(validate.errors ?? []).map((e) => `${e.instancePath || '(body)'} ${e.message} ${JSON.stringify(e.params)}`));
      }
    }
    const statuses = seen.get(operation.operationId) ?? new Set<string>();
    statuses.add(String(status));
    seen.set(operation.operationId, statuses);
    return { operationId: operation.operationId, status: key, problems };
  };

  /** Operations no checked response has answered yet. */
  const unseen = (): string[] => operations.map((o) => o.operation.operationId).filter((id) => !seen.has(id));

  return { check, unseen, seen };
};
