import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { useSettings } from '@/lib/settings';
import { LEGAL_LAST_UPDATED, type LegalSection } from '../lib/legal-text';
import { ContactDetails } from './contact-details';
import { ContentPage } from './content-page';

/** A legal document: numbered sections, the last-updated date and the operators' contact details. */
function LegalPage({ title, sections }: { title: string; sections: LegalSection[] }) {
  // The contact details come last on the page: they join it when the settings arrive.
  const contact = useSettings().data?.contact;
  return (
    <ContentPage title={title} meta={`آخر تحديث: ${LEGAL_LAST_UPDATED}`}>
      <ol className="legal-sections">
        {sections.map((section, index) => (
          <li key={section.title} className="card legal-section">
            <h2>
              <span className="legal-section__number" dir="ltr">
                {index + 1}.
              </span>{' '}
              {section.title}
            </h2>
            {section.paragraphs.map((text) => (
              <p key={text}>{text}</p>
            ))}
            {section.points && (
              <ul>
                {section.points.map((point) => (
                  <li key={point}>{point}</li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ol>
      <section className="card legal-contact" aria-labelledby="legal-contact-title">
        <h2 id="legal-contact-title">للتواصل</h2>
        <p>
          لأي استفسار يمكنك مراسلتنا من <Link to={paths.contact.getHref()}>صفحة اتصل بنا</Link>.
        </p>
        {contact && <ContactDetails contact={contact} />}
      </section>
    </ContentPage>
  );
}

export { LegalPage };
