import { describe, expect, it } from 'vitest';
import { INTEGRATION_STEP_TYPES, INTEGRATION_TOOL_LABELS } from './catalogue';
import { getProfileInfo, publishPostInfo } from './linkedin';

const problems = (params: Record<string, unknown>) =>
  publishPostInfo.input.safeParse(params).error?.issues.map((issue) => [issue.path.join('.'), issue.message]) ?? [];

describe('a LinkedIn post', () => {
  it('is public unless said otherwise, with an optional link', () => {
    expect(publishPostInfo.input.parse({ text: ' Hello ', link: '', linkTitle: null })).toEqual({
      text: 'Hello',
      visibility: 'PUBLIC',
    });
    expect(
      publishPostInfo.input.parse({ text: 'Hi', visibility: 'CONNECTIONS', link: 'https://example.com/a' }),
    ).toEqual({ text: 'Hi', visibility: 'CONNECTIONS', link: 'https://example.com/a' });
  });

  it('names the field of each problem', () => {
    expect(problems({})).toEqual([['text', 'Give the text of the post']]);
    expect(problems({ text: 'a'.repeat(3001) })).toEqual([['text', 'A LinkedIn post holds at most 3000 characters']]);
    expect(problems({ text: 'Hi', link: 'javascript:alert(1)' })).toEqual([
      ['link', 'Give a link starting with https://'],
    ]);
    expect(problems({ text: 'Hi', visibility: 'LOGGED_IN' })[0]?.[0]).toBe('visibility');
  });
});

describe('LinkedIn in the catalogue', () => {
  it('has a publishing step that writes and a profile step that reads', () => {
    expect(INTEGRATION_STEP_TYPES.filter((step) => step.type.startsWith('linkedin.')).map((step) => step.type)).toEqual(
      ['linkedin.publishPost', 'linkedin.getProfile'],
    );
    expect(publishPostInfo.writes).toBe(true);
    expect(getProfileInfo.writes).toBe(false);
    expect(INTEGRATION_TOOL_LABELS).toMatchObject({
      linkedin_publish_post: 'LinkedIn: Publish post',
      linkedin_get_profile: 'LinkedIn: Get profile',
    });
  });
});
