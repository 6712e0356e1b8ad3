/**
 * A failure in words for the user: a step's (the engine adds which step), or a refused network
 * request of a step or an AI provider. Its message is shown as it is; other errors are not.
 */
export class StepError extends Error {
  override readonly name = 'StepError';
}
