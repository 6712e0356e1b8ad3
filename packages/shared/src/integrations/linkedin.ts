import { z } from 'zod';
import { defineActionInfo, defineIntegrationInfo } from './define-integration';

/**
 * LinkedIn in flows and agents: what each action asks for. The server calls LinkedIn's API with
 * fetch (`packages/server/src/integrations/linkedin/`): Sign In with LinkedIn (OpenID Connect) for
 * who the member is, and Share on LinkedIn (`w_member_social`) for posts.
 */

export const LINKEDIN_SCOPES = ['openid', 'profile', 'email', 'w_member_social'] as const;

/** LinkedIn's limit for a post's commentary. */
export const LINKEDIN_POST_MAX = 3000;

const blankAsMissing = (value: unknown) => (value === '' || value === null ? undefined : value);

const httpsLink = z
  .string()
  .trim()
  .max(2000)
  .refine((text) => {
    try {
      return ['http:', 'https:'].includes(new URL(text).protocol);
    } catch {
      return false;
    }
  }, 'Give a link starting with https://');

export const publishPostInfo = defineActionInfo({
  name: 'publishPost',
  label: 'Publish post',
  description: 'Publish a text post as the connected member, with an optional link.',
  icon: 'send',
  writes: true,
  fields: [
    {
      key: 'text',
      label: 'Text',
      kind: 'textarea',
      required: true,
      placeholder: 'We shipped {{ $json.body.version }}',
      help: `At most ${LINKEDIN_POST_MAX} characters, shown as written (no formatting).`,
    },
    {
      key: 'visibility',
      label: 'Who can see it',
      kind: 'select',
      options: [
        { value: 'PUBLIC', label: 'Anyone' },
        { value: 'CONNECTIONS', label: 'Connections only' },
      ],
      default: 'PUBLIC',
    },
    {
      key: 'link',
      label: 'Link',
      kind: 'text',
      placeholder: 'https://example.com/release-notes',
      help: 'Shared as an article under the text.',
    },
    {
      key: 'linkTitle',
      label: 'Link title',
      kind: 'text',
      help: 'The article’s title, when a link is given; the link itself when empty.',
    },
  ],
  input: z.object({
    text: z
      .string({ error: 'Give the text of the post' })
      .trim()
      .min(1, 'Give the text of the post')
      .max(LINKEDIN_POST_MAX, `A LinkedIn post holds at most ${LINKEDIN_POST_MAX} characters`),
    visibility: z.enum(['PUBLIC', 'CONNECTIONS']).default('PUBLIC'),
    link: z.preprocess(blankAsMissing, httpsLink.optional()),
    linkTitle: z.preprocess(blankAsMissing, z.string().trim().max(400).optional()),
  }),
  docs: [
    'Publishes a post as the connected LinkedIn member.',
    '',
    '- **Who can see it**: anyone, or the member’s connections only.',
    '- **Link**: an article shown under the text, with its title.',
    '',
    'Output: `id` (the post’s URN, such as `urn:li:share:7…`), `url`, `author`, `visibility`.',
  ].join('\n'),
});

export const getProfileInfo = defineActionInfo({
  name: 'getProfile',
  label: 'Get profile',
  description: 'Read the connected member’s name, email and picture.',
  icon: 'user-round',
  writes: false,
  fields: [],
  input: z.object({}),
  docs: 'Reads the connected member’s profile (OpenID Connect userinfo). Output: `id` (the member id, in `urn:li:person:{id}`), `name`, `givenName`, `familyName`, `email`, `emailVerified`, `picture`, `locale`.',
});

export const linkedinInfo = defineIntegrationInfo({
  provider: 'linkedin',
  label: 'LinkedIn',
  actions: [publishPostInfo, getProfileInfo],
});
