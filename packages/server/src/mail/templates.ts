import type { Email } from './mailer';

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

function layout({ heading, body, action, url }: { heading: string; body: string; action: string; url: string }) {
  return `<!doctype html><html><body style="margin:0;background:#f5f5f7;font-family:-apple-system,Segoe UI,Roboto,sans-serif">
<table width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:32px 16px">
<table width="480" cellpadding="0" cellspacing="0" style="background:#fff;border-radius:12px;padding:32px">
<tr><td style="font-weight:700;font-size:18px;color:#4F1DED">Flowmind</td></tr>
<tr><td style="padding-top:16px;font-size:20px;font-weight:600;color:#111">${escapeHtml(heading)}</td></tr>
<tr><td style="padding-top:8px;font-size:15px;line-height:1.5;color:#444">${escapeHtml(body)}</td></tr>
<tr><td style="padding-top:24px"><a href="${escapeHtml(url)}" style="display:inline-block;background:#4F1DED;color:#fff;text-decoration:none;padding:12px 20px;border-radius:8px;font-weight:600">${escapeHtml(action)}</a></td></tr>
<tr><td style="padding-top:24px;font-size:12px;color:#888">If the button does not work, paste this link into your browser:<br>${escapeHtml(url)}</td></tr>
</table></td></tr></table></body></html>`;
}

function email(
  to: string,
  subject: string,
  parts: { heading: string; body: string; action: string; url: string },
): Email {
  return {
    to,
    subject,
    text: `${parts.heading}\n\n${parts.body}\n\n${parts.action}: ${parts.url}\n`,
    html: layout(parts),
  };
}

export const verifyEmail = ({ to, url }: { to: string; url: string }) =>
  email(to, 'Verify your email for Flowmind', {
    heading: 'Confirm your email address',
    body: 'Welcome to Flowmind. Confirm this address to finish setting up your account.',
    action: 'Verify email',
    url,
  });

export const resetPassword = ({ to, url }: { to: string; url: string }) =>
  email(to, 'Reset your Flowmind password', {
    heading: 'Reset your password',
    body: 'Someone asked to reset the password of your Flowmind account. If it was not you, ignore this email.',
    action: 'Choose a new password',
    url,
  });

export const accountInvite = ({
  to,
  url,
  accountName,
  inviterName,
}: {
  to: string;
  url: string;
  accountName: string;
  inviterName: string;
}) =>
  email(to, `${inviterName} invited you to ${accountName} on Flowmind`, {
    heading: `Join ${accountName} on Flowmind`,
    body: `${inviterName} invited you to work together in the ${accountName} business account.`,
    action: 'View invitation',
    url,
  });
