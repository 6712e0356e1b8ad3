import { useParams } from 'react-router';
import { FlowEditor } from '../../features/flows/editor/flow-editor';
import { usePageHeader } from '../../features/page-header/use-page-header';

/** `/flows/{id}` (layout none): the flow editor draws its own full-screen chrome. */
export function FlowEditorPage() {
  const flowId = useParams().id as string;
  usePageHeader({ title: 'Flow editor' });
  return <FlowEditor key={flowId} flowId={flowId} />;
}
