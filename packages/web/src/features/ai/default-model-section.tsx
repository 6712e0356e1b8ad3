import type { AiModelsResponse } from '@flowmind/shared/ai';
import { useState } from 'react';
import { Section } from '../../components/ui/card';
import { Field } from '../../components/ui/form-field';
import { NativeSelect } from '../../components/ui/input';
import { errorMessage } from '../../lib/api';
import { alerts } from '../../shell/alert-store';
import type { AiProviderActions } from './use-ai-models';

const AUTOMATIC = '';

/** The model new chats and AI steps use when none is chosen; saved as soon as it is picked. */
export function DefaultModelSection({
  models,
  actions,
  canManage,
}: {
  models: AiModelsResponse;
  actions: AiProviderActions;
  canManage: boolean;
}) {
  const [error, setError] = useState<string | null>(null);
  const first = models.models[0];
  const providers = models.providers.filter((provider) => provider.models.length > 0);

  function choose(value: string) {
    setError(null);
    actions.setDefault.mutate(value === AUTOMATIC ? null : value, {
      onSuccess: (saved) => {
        const chosen = saved.models.find((model) => model.isDefault);
        alerts.success(chosen ? `Default model: ${chosen.model}` : 'Default model saved');
      },
      onError: (failure) => setError(errorMessage(failure)),
    });
  }

  return (
    <Section
      id="default-model"
      title="Default model"
      description="Used by new chats and AI steps when they do not name a model. Automatic is the first model listed."
    >
      <Field
        label="Model"
        error={error}
        hint={canManage ? undefined : 'Only owners and admins can change the default model.'}
        className="max-w-md"
      >
        {(props) => (
          <NativeSelect
            {...props}
            className="w-full"
            value={models.defaultModel ?? AUTOMATIC}
            disabled={!canManage || actions.setDefault.isPending}
            onChange={(event) => choose(event.target.value)}
          >
            <option value={AUTOMATIC}>{first ? `Automatic (${first.model})` : 'Automatic'}</option>
            {providers.map((provider) => (
              <optgroup key={provider.id} label={provider.name}>
                {models.models
                  .filter((option) => option.providerId === provider.id)
                  .map((option) => (
                    <option key={option.ref} value={option.ref}>
                      {option.model}
                    </option>
                  ))}
              </optgroup>
            ))}
          </NativeSelect>
        )}
      </Field>
    </Section>
  );
}
