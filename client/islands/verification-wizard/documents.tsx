import type { MyDocument } from '../../../shared/api/verification.schema';
import { paths } from '../../../shared/routes';
import { CheckIcon } from '../../components/icons';
import { StaffTable } from '../../components/staff-table';
import { When } from '../../funding/history';
import { statusLabels, verificationPageTexts as texts } from './model';

/** The customer's documents, newest first; a rejected one still current offers a new upload when `onResend` is given. */
export function DocumentsTable({ documents, onResend }: { documents: readonly MyDocument[]; onResend?: (doc: MyDocument) => void }) {
  return (
    <section className="kyc-documents" aria-labelledby="kyc-documents-title">
      <h2 id="kyc-documents-title">{texts.documentsTitle}</h2>
      <StaffTable
        rows={documents}
        rowKey={(doc) => doc.id}
        empty={texts.documentsEmpty}
        columns={[
          { label: 'Document', cell: (doc) => doc.label },
          {
            label: 'File',
            cell: (doc) => (
              <a href={doc.file_url} target="_blank" rel="noopener" className="kyc-file-link">
                {doc.file_name}
              </a>
            ),
          },
          { label: 'Sent', cell: (doc) => <When iso={doc.created_at} /> },
          {
            label: 'Status',
            cell: (doc) => (
              <>
                <span className={`kyc-badge kyc-badge-${doc.status}`}>{statusLabels[doc.status]}</span>
                {doc.current ? null : <small className="kyc-history"> ({texts.history})</small>}
              </>
            ),
          },
          { label: 'Reason', cell: (doc) => doc.reason ?? '—' },
          {
            label: 'Action',
            hiddenLabel: true,
            cell: (doc) =>
              onResend && doc.status === 'rejected' && doc.current ? (
                <button type="button" className="secondary outline kyc-resend" onClick={() => onResend(doc)}>
                  {texts.resend}
                </button>
              ) : null,
          },
        ]}
      />
    </section>
  );
}

/** A verified account: the way on, and the documents that verified it. */
export function Verified({ documents }: { documents: readonly MyDocument[] }) {
  return (
    <div className="kyc">
      <section className="kyc-card kyc-verified">
        <div className="kyc-verified-icon" aria-hidden="true">
          <CheckIcon />
        </div>
        <h1>{texts.verifiedTitle}</h1>
        <p>{texts.verifiedBody}</p>
        <a href={paths.dashboard} role="button">
          {texts.continueDashboard}
        </a>
      </section>
      <DocumentsTable documents={documents} />
    </div>
  );
}
