import { MailCheck } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { buttonClasses } from '../../components/ui/button';
import { usePageHeader } from '../../features/page-header/use-page-header';
import { AuthCard } from '../../layouts/auth-layout';

export function SentEmailPage() {
  usePageHeader({ title: 'Check your email' });
  const [params] = useSearchParams();
  const email = params.get('email');
  return (
    <AuthCard
      icon={<MailCheck className="size-5" aria-hidden="true" />}
      title="Check your email"
      description={
        <>
          If an account exists for{' '}
          {email ? <strong className="font-medium text-foreground">{email}</strong> : 'that address'}, we sent a link to
          reset the password. It works for one hour.
        </>
      }
      footer={
        <>
          Didn't get it? Check your spam folder, or{' '}
          <Link to="/auth/forgot" className="font-medium text-primary hover:underline">
            try again
          </Link>
          .
        </>
      }
    >
      <Link to="/auth/login" className={buttonClasses({ variant: 'outline', className: 'w-full' })}>
        Back to log in
      </Link>
    </AuthCard>
  );
}
