import type { Field } from '@flowmind/shared/tables';

export type LinkField = Field & { options: { type: 'link'; linkedTableId: string; inverseFieldId: string | null } };

export const isLink = (field: Field | undefined): field is LinkField => field?.options.type === 'link';

/** The record ids of a link value (anything else has none). */
export const asIds = (value: unknown): string[] => (Array.isArray(value) ? value.map(String) : []);
