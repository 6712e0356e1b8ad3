/** Public facts about the product shown around the app; one place to change them. */
export const site = {
  name: 'Flowmind',
  tagline: 'Get more done, effortlessly, with AI agents and workflows',
};

export const socialLinks = [
  { id: 'x', label: 'Twitter/X', href: 'https://x.com/flowmindapp' },
  { id: 'instagram', label: 'Instagram', href: 'https://www.instagram.com/flowmindapp' },
  { id: 'linkedin', label: 'LinkedIn', href: 'https://www.linkedin.com/company/flowmindapp' },
] as const;

export function copyrightLine(): string {
  return `© ${new Date().getFullYear()} Flowmind. Open source under the MIT licence.`;
}
