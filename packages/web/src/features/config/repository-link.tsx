import { useAppConfig } from './use-app-config';

/** "the project's repository", linked to the repository this server's operator names (plain text until known). */
export function RepositoryLink({ children = "the project's repository" }: { children?: string }) {
  const url = useAppConfig().data?.repositoryUrl;
  if (!url) return <>{children}</>;
  return (
    <a href={url} target="_blank" rel="noreferrer" className="font-medium text-primary underline underline-offset-2">
      {children}
    </a>
  );
}
