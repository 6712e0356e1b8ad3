import { ChevronsUpDown, LogOut, Settings } from 'lucide-react';
import { useNavigate } from 'react-router';
import { Avatar } from '../../components/ui/avatar';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../components/ui/dropdown-menu';
import { signOut } from '../../features/auth/sign-out';
import { useSession } from '../../features/session/session-store';

/** The signed-in user with Settings and Log out; `compact` is the avatar-only version of the phone top bar. */
export function UserMenu({ variant }: { variant: 'full' | 'compact' }) {
  const { user } = useSession();
  const navigate = useNavigate();
  if (!user) return null;
  return (
    <DropdownMenu>
      <DropdownMenuTrigger
        aria-label={variant === 'full' ? undefined : 'Account menu'}
        data-testid={`user-menu-${variant}`}
        className={
          variant === 'full'
            ? 'flex h-11 w-full items-center gap-2.5 rounded-lg px-2 text-left hover:bg-accent data-[state=open]:bg-accent'
            : 'rounded-full'
        }
      >
        <Avatar name={user.name || user.email} seed={user.id} size={variant === 'full' ? 'md' : 'md'} />
        {variant === 'full' && (
          <>
            <span className="grid min-w-0 flex-1 leading-tight">
              <span className="truncate font-medium text-[13px]">{user.name}</span>
              <span className="truncate text-muted-foreground text-xs">{user.email}</span>
            </span>
            <span className="sr-only">, account menu</span>
            <ChevronsUpDown className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
          </>
        )}
      </DropdownMenuTrigger>
      <DropdownMenuContent align={variant === 'full' ? 'start' : 'end'} side={variant === 'full' ? 'top' : 'bottom'}>
        <DropdownMenuLabel className="grid">
          <span className="truncate text-foreground text-sm">{user.name}</span>
          <span className="truncate font-normal">{user.email}</span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => navigate('/settings/account')}>
          <Settings aria-hidden="true" />
          Settings
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => void signOut()}>
          <LogOut aria-hidden="true" />
          Log out
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
