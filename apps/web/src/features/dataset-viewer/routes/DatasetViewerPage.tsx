import { useParams } from 'react-router';
import { RecordsBrowser } from '../components/RecordsBrowser.tsx';
import { VersionsPanel } from '../components/VersionsPanel.tsx';

/**
 * The dataset viewer (docs/product.md#dataset-viewer): a published dataset's records, 100 a page,
 * paged on the server with its type's filters; a summary per column; the versions with Cite.
 * Also the stable page of a version (/datasets/:datasetId/versions/:version).
 */
export default function DatasetViewerPage() {
  const { datasetId = '', version } = useParams();
  return (
    <RecordsBrowser key={datasetId} source={{ datasetId }} title={(page) => page.datasetName}>
      <VersionsPanel datasetId={datasetId} highlight={version ? Number(version) : undefined} />
    </RecordsBrowser>
  );
}
