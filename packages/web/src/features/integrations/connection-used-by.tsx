import type { ConnectionUsage, ConnectionUser } from '@flowmind/shared/integrations';
import { Link } from 'react-router';

function Names({ users, to }: { users: ConnectionUser[]; to?: (id: string) => string }) {
  return users.map((user, index) => (
    <span key={user.id}>
      {index > 0 && ', '}
      {to ? (
        <Link to={to(user.id)} className="font-medium text-foreground underline-offset-2 hover:underline">
          {user.name}
        </Link>
      ) : (
        <span className="font-medium text-foreground">{user.name}</span>
      )}
    </span>
  ));
}

/** The flows and agents that stop working without this connection, shown on its row. */
export function ConnectionUsedBy({ usage }: { usage: ConnectionUsage }) {
  const { flows, agents } = usage;
  if (flows.length === 0 && agents.length === 0)
    return <p className="text-[13px] text-muted-foreground">Not used by any flow or agent</p>;
  return (
    <p className="text-[13px] text-muted-foreground">
      Used by{' '}
      {flows.length > 0 && (
        <>
          {flows.length === 1 ? 'flow' : `${flows.length} flows`}{' '}
          <Names users={flows} to={(id) => `/flows/${encodeURIComponent(id)}`} />
        </>
      )}
      {flows.length > 0 && agents.length > 0 && ' and '}
      {agents.length > 0 && (
        <>
          {agents.length === 1 ? 'agent' : `${agents.length} agents`} <Names users={agents} />
        </>
      )}
    </p>
  );
}
