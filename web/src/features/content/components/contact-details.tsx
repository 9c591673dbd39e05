import type { SiteSettings } from '@mazad/contracts';

/** The operators' phone and email (configuration); a detail that is not configured is left out. */
export function ContactDetails({ contact }: { contact: SiteSettings['contact'] }) {
  if (!contact.phone && !contact.email) return null;
  return (
    <dl className="contact-details">
      {contact.phone && (
        <div>
          <dt>الهاتف</dt>
          <dd>
            <a href={`tel:${contact.phone.replace(/[^\d+]/g, '')}`} dir="ltr">
              {contact.phone}
            </a>
          </dd>
        </div>
      )}
      {contact.email && (
        <div>
          <dt>البريد الإلكتروني</dt>
          <dd>
            <a href={`mailto:${contact.email}`} dir="ltr">
              {contact.email}
            </a>
          </dd>
        </div>
      )}
    </dl>
  );
}
