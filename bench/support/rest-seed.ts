/**
 * The project the REST benchmarks read: agents (the first with a number), one conversation of
 * inbound texts and outbound calls, seeded through the use cases. Typed by the few shapes it
 * uses, so that it seeds this checkout's Switchboard and a build loaded at run time alike
 * (`bench:rest:side-by-side` loads another checkout's `dist/`).
 */

interface Outcome {
  readonly _tag: 'Left' | 'Right';
  readonly left?: unknown;
  readonly right?: unknown;
}
interface UseCase {
  execute(input: never): () => Promise<Outcome>;
}

/** What is seeded: a Switchboard, or the handle of one loaded from a build. */
export interface Seedable {
  useCases(): object;
  settled(): Promise<void>;
  fetch(request: Request): Promise<Response>;
}

/** The domain's constructors of trusted values, from the same build as the Switchboard. */
export interface SeedDomain {
  trustMailbox(text: string): unknown;
  trustE164(text: string): unknown;
}

export interface SeedCounts {
  readonly agents: number;
  readonly messages: number;
  readonly calls: number;
}

export interface RestSeed {
  readonly headers: { readonly authorization: string };
  readonly agentId: string;
  readonly conversationId: string;
}

const run = async <A>(useCases: object, name: string, input: unknown): Promise<A> => {
  const [group, useCase] = name.split('.') as [string, string];
  const found = (useCases as Record<string, Record<string, UseCase> | undefined>)[group]?.[useCase];
  if (!found) throw new Error(`this build has no use case ${name}`);
  const result = await found.execute(input as never)();
  if (result._tag === 'Left') throw new Error(`${name} failed: ${JSON.stringify(result.left)}`);
  return result.right as A;
};

export const seedRestProject = async (switchboard: Seedable, domain: SeedDomain, counts: SeedCounts, label: string): Promise<RestSeed> => {
  const useCases = switchboard.useCases();
  const created = await run<{ project: { id: string }; apiKey: { clear: string } }>(useCases, 'projects.createProject', {
    email: domain.trustMailbox(`${label}-${Date.now()}@example.com`),
  });
  const projectId = created.project.id;
  // The seeded calls stay in progress: the project may hold more than the default cap of 10.
  await run(useCases, 'admin.setCallLimit', { projectId, limit: 10_000 });
  const agentIds: string[] = [];
  for (let i = 0; i < counts.agents; i++) {
    agentIds.push((await run<{ agent: { id: string } }>(useCases, 'agents.createAgent', { projectId, fields: { name: `Bench ${i}` } })).agent.id);
  }
  const agentId = agentIds[0]!;
  const number = await run<{ phoneNumber: string }>(useCases, 'numbers.provisionNumber', { projectId, country: 'US', areaCode: null, agentId });
  for (let i = 0; i < counts.messages; i++) {
    await run(useCases, 'messages.receiveInboundSms', {
      to: number.phoneNumber,
      from: domain.trustE164('+14155550100'),
      body: `bench ${i}`,
      mediaUrls: [],
      providerMessageId: `SM${label}${Date.now()}${i}`,
    });
  }
  await switchboard.settled();
  for (let i = 0; i < counts.calls; i++) {
    await run(useCases, 'calls.placeOutboundCall', {
      projectId,
      agentId,
      toNumber: domain.trustE164(`+1415555${String(2000 + i).padStart(4, '0')}`),
      fromNumberId: null,
      initialGreeting: null,
      voice: null,
      systemPrompt: null,
    });
  }
  const headers = { authorization: `Bearer ${created.apiKey.clear}` };
  const conversations = (await (await switchboard.fetch(new Request('http://bench/v1/conversations', { headers }))).json()) as { data: { id: string }[] };
  const conversationId = conversations.data[0]?.id;
  if (!conversationId) throw new Error('no conversation was seeded');
  return { headers, agentId, conversationId };
};
