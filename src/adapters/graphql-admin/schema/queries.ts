import { run, runOrNull } from '../errors.js';
import { connectionOf, type AdminBuilder } from './builder.js';
import type { AdminSchemaDeps } from './deps.js';
import { pageArgs, pageRequest } from './paging.js';

/** The operator's entry points: every project, or one thing by its id. */
export const defineQueries = (builder: AdminBuilder, { useCases: { admin } }: AdminSchemaDeps) => {
  builder.queryType({
    fields: (t) => ({
      projects: t.field({
        type: 'ProjectPage',
        description: 'Every project, oldest first; `email` keeps those whose address contains it.',
        args: { ...pageArgs(t), email: t.arg.string() },
        resolve: async (_, args) => {
          const page = pageRequest(args);
          return connectionOf(await run(admin.listProjects.execute({ page, email: args.email ?? null })), page);
        },
      }),
      project: t.field({
        type: 'Project',
        nullable: true,
        args: { id: t.arg.id({ required: true }) },
        resolve: (_, args) => runOrNull(admin.getProject.execute({ projectId: String(args.id) })),
      }),
      conversation: t.field({
        type: 'Conversation',
        nullable: true,
        description: 'One conversation by its id, whatever its project.',
        args: { id: t.arg.id({ required: true }) },
        resolve: async (_, args) =>
          (await runOrNull(admin.findConversation.execute({ conversationId: String(args.id), messageLimit: 1 })))?.conversation ?? null,
      }),
    }),
  });
};
