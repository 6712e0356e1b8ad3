import { useMutation, useQuery } from '@tanstack/react-query';
import { viewsApi } from '../../views-api';

/** A shared form as a signed-out visitor gets it, and its submission. */
export function usePublicForm(publicId: string) {
  const form = useQuery({
    queryKey: ['public-form', publicId],
    queryFn: () => viewsApi.publicForm(publicId),
    retry: false,
  });
  const submit = useMutation({
    mutationFn: (values: Record<string, unknown>) => viewsApi.submitForm({ publicId, input: { values } }),
  });
  return { form, submit: submit.mutateAsync };
}
