import { z } from 'zod';

/**
 * Custom agents contract (REST under /api/agents and /api/explore). An agent belongs to an account:
 * its name, look, instructions (the system prompt its chats run with), model and starter prompts.
 * Publishing lists it in the public gallery, where only `PublicAgent` is shown: never the
 * instructions, the model, the tools or anything of the account. Anyone signed in can chat with a
 * published agent (on their own account's model), like it, or copy it into their account ("use").
 */

export const AGENT_LIMITS = {
  name: 80,
  avatar: 16,
  description: 500,
  instructions: 20_000,
  starterPrompt: 200,
  starterPrompts: 4,
  tools: 50,
  search: 100,
} as const;

export const AGENT_CATEGORIES = [
  'productivity',
  'writing',
  'coding',
  'research',
  'marketing',
  'education',
  'lifestyle',
  'other',
] as const;
export const AgentCategory = z.enum(AGENT_CATEGORIES);
export type AgentCategory = z.infer<typeof AgentCategory>;

export const CATEGORY_LABELS: Record<AgentCategory, string> = {
  productivity: 'Productivity',
  writing: 'Writing',
  coding: 'Coding',
  research: 'Research',
  marketing: 'Marketing',
  education: 'Education',
  lifestyle: 'Lifestyle',
  other: 'Other',
};

export const AGENT_COLORS = ['violet', 'blue', 'teal', 'green', 'amber', 'orange', 'rose', 'slate'] as const;
export const AgentColor = z.enum(AGENT_COLORS);
export type AgentColor = z.infer<typeof AgentColor>;

const Name = z.string().trim().min(1, 'Enter a name').max(AGENT_LIMITS.name);
/** An emoji shown on the agent's colour; empty: the name's first letter. */
const Avatar = z.string().trim().max(AGENT_LIMITS.avatar, 'Use one emoji');
const Description = z.string().trim().max(AGENT_LIMITS.description);
const Instructions = z.string().trim().max(AGENT_LIMITS.instructions);
const StarterPrompts = z
  .array(z.string().trim().min(1).max(AGENT_LIMITS.starterPrompt))
  .max(AGENT_LIMITS.starterPrompts, `At most ${AGENT_LIMITS.starterPrompts} starter prompts`);
/**
 * What an agent may use in its account's workspace: chosen flows, tables and notes
 * (`flow:{id}`, `table:{id}`, `note:{id}`), and actions that make new things
 * (`action:create_note`, `action:draft_flow`). None: the agent only chats. The personal
 * assistant (no agent) may use everything.
 */
export const AGENT_RESOURCE_KINDS = ['flow', 'table', 'note'] as const;
export type AgentResourceKind = (typeof AGENT_RESOURCE_KINDS)[number];
export const AGENT_ACTIONS = ['create_note', 'draft_flow'] as const;
export type AgentAction = (typeof AGENT_ACTIONS)[number];
export const AGENT_ACTION_LABELS: Record<AgentAction, string> = {
  create_note: 'Create notes',
  draft_flow: 'Draft new flows',
};

const TOOL_PATTERN = /^(?:(flow|table|note|connection):([A-Za-z0-9_-]{1,64})|action:(create_note|draft_flow))$/;
export const AgentTool = z.string().regex(TOOL_PATTERN, 'Unknown tool');

/** An agent's tools, sorted out: which flows, tables and notes, and which actions. */
export type AgentToolScope = {
  flows: Set<string>;
  tables: Set<string>;
  notes: Set<string>;
  actions: Set<AgentAction>;
  /** Integration connections (`connection:{id}`): their actions become the agent's tools. */
  connections: Set<string>;
};

export const agentToolKey = (kind: AgentResourceKind, id: string) => `${kind}:${id}`;

export function agentToolScope(tools: readonly string[]): AgentToolScope {
  const scope: AgentToolScope = {
    flows: new Set(),
    tables: new Set(),
    notes: new Set(),
    actions: new Set(),
    connections: new Set(),
  };
  for (const tool of tools) {
    const match = TOOL_PATTERN.exec(tool);
    if (!match) continue;
    const [, kind, id, action] = match;
    if (action) scope.actions.add(action as AgentAction);
    else if (kind === 'flow') scope.flows.add(id as string);
    else if (kind === 'table') scope.tables.add(id as string);
    else if (kind === 'note') scope.notes.add(id as string);
    else if (kind === 'connection') scope.connections.add(id as string);
  }
  return scope;
}

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** What an agent may use, in a few words: "2 tables, 1 note · creates notes". */
export function agentToolsSummary(tools: readonly string[]): string {
  const scope = agentToolScope(tools);
  const reach = [
    scope.tables.size > 0 && count(scope.tables.size, 'table', 'tables'),
    scope.flows.size > 0 && count(scope.flows.size, 'flow', 'flows'),
    scope.notes.size > 0 && count(scope.notes.size, 'note', 'notes'),
    scope.connections.size > 0 && count(scope.connections.size, 'connection', 'connections'),
  ].filter(Boolean);
  const actions = [...scope.actions].map((action) => AGENT_ACTION_LABELS[action].toLowerCase());
  if (reach.length === 0 && actions.length === 0) return 'Chat only, no tools';
  return [reach.join(', '), actions.join(', ')].filter(Boolean).join(' · ');
}

const Tools = z
  .array(AgentTool)
  .max(AGENT_LIMITS.tools, `At most ${AGENT_LIMITS.tools} tools`)
  .transform((tools) => [...new Set(tools)]);
const ModelRef = z.string().min(1).max(300).nullable();

/** An agent as its account sees it. */
export const Agent = z.object({
  id: z.string(),
  accountId: z.string(),
  name: z.string(),
  avatar: z.string(),
  color: AgentColor,
  description: z.string(),
  instructions: z.string(),
  /** A model ref (shared/ai.ts); null: the account's default. */
  model: z.string().nullable(),
  starterPrompts: z.array(z.string()),
  category: AgentCategory,
  /** See `AgentTool`: chosen flows, tables and notes, and actions. */
  tools: z.array(z.string()),
  /**
   * Set on a copy made with "Use": its answers also run with the instructions of the agent it was
   * copied from, which stay private to that agent's creator (never sent to this account).
   */
  basedOnAgentId: z.string().nullable(),
  published: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Agent = z.infer<typeof Agent>;

export const AgentList = z.object({ agents: z.array(Agent) });
export type AgentList = z.infer<typeof AgentList>;

export const CreateAgent = z.object({
  accountId: z.string().min(1),
  name: Name,
  avatar: Avatar.default(''),
  color: AgentColor.default('violet'),
  description: Description.default(''),
  instructions: Instructions.default(''),
  model: ModelRef.default(null),
  starterPrompts: StarterPrompts.default([]),
  category: AgentCategory.default('other'),
  tools: Tools.default([]),
});
export type CreateAgent = z.input<typeof CreateAgent>;

export const UpdateAgent = z.object({
  name: Name.optional(),
  avatar: Avatar.optional(),
  color: AgentColor.optional(),
  description: Description.optional(),
  instructions: Instructions.optional(),
  model: ModelRef.optional(),
  starterPrompts: StarterPrompts.optional(),
  category: AgentCategory.optional(),
  tools: Tools.optional(),
  /** Lists the agent in the public gallery, or takes it out. */
  published: z.boolean().optional(),
});
export type UpdateAgent = z.infer<typeof UpdateAgent>;

/** How often people chatted with, liked and used an agent (each person once a day). */
export const AgentCounts = z.object({ chats: z.number(), likes: z.number(), uses: z.number() });
export type AgentCounts = z.infer<typeof AgentCounts>;

/** A published agent as everyone sees it: nothing of the creator's account, instructions or model. */
export const PublicAgent = z.object({
  id: z.string(),
  name: z.string(),
  avatar: z.string(),
  color: AgentColor,
  description: z.string(),
  category: AgentCategory,
  starterPrompts: z.array(z.string()),
  creatorName: z.string(),
  published: z.boolean(),
  publishedAt: z.string().nullable(),
  counts: AgentCounts,
  likedByMe: z.boolean(),
});
export type PublicAgent = z.infer<typeof PublicAgent>;

export const ExploreSort = z.enum(['popular', 'new']);
export type ExploreSort = z.infer<typeof ExploreSort>;

export const ExploreQuery = z.object({
  q: z.string().trim().max(AGENT_LIMITS.search).optional(),
  category: AgentCategory.optional(),
  sort: ExploreSort.default('popular'),
  offset: z.coerce.number().int().min(0).max(10_000).default(0),
  limit: z.coerce.number().int().min(1).max(60).default(24),
});
export type ExploreQuery = z.input<typeof ExploreQuery>;

export const ExploreList = z.object({ agents: z.array(PublicAgent), nextOffset: z.number().nullable() });
export type ExploreList = z.infer<typeof ExploreList>;

export const LikeResult = z.object({ liked: z.boolean(), likes: z.number() });
export type LikeResult = z.infer<typeof LikeResult>;

/** Copies a published agent into one of the caller's accounts. */
export const UseAgent = z.object({ accountId: z.string().min(1) });
export type UseAgent = z.infer<typeof UseAgent>;

export const LeaderboardPeriod = z.enum(['week', 'month', 'all']);
export type LeaderboardPeriod = z.infer<typeof LeaderboardPeriod>;

export const PERIOD_LABELS: Record<LeaderboardPeriod, string> = {
  week: 'This week',
  month: 'This month',
  all: 'All time',
};

export const LeaderboardQuery = z.object({ period: LeaderboardPeriod.default('week') });
export type LeaderboardQuery = z.input<typeof LeaderboardQuery>;

export const LeaderboardAgent = z.object({
  rank: z.number(),
  agent: PublicAgent.pick({ id: true, name: true, avatar: true, color: true, category: true, creatorName: true }),
  counts: AgentCounts,
  score: z.number(),
});
export type LeaderboardAgent = z.infer<typeof LeaderboardAgent>;

export const LeaderboardCreator = z.object({
  rank: z.number(),
  name: z.string(),
  agents: z.number(),
  counts: AgentCounts,
  score: z.number(),
});
export type LeaderboardCreator = z.infer<typeof LeaderboardCreator>;

export const Leaderboard = z.object({
  period: LeaderboardPeriod,
  agents: z.array(LeaderboardAgent),
  creators: z.array(LeaderboardCreator),
});
export type Leaderboard = z.infer<typeof Leaderboard>;

/** Popularity: each conversation, like and use counts one (each person once per agent per day). */
export const popularity = (counts: AgentCounts) => counts.chats + counts.likes + counts.uses;
