import {
  BooleanInput,
  Create,
  Edit,
  SimpleForm,
  TextInput,
  maxLength,
  regex,
  required,
  useNotify,
  useRedirect,
} from 'react-admin';
import { LIMITS, SAFE_LINK } from '@mazad/contracts';
import { WholeNumberInput } from '../common';

/** Text required (blank after trimming counts as empty), link optional, order a whole number. */
const notBlank = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? 'mazad.banners.text_required' : undefined;
const textRules = [required('mazad.banners.text_required'), notBlank, maxLength(LIMITS.bannerTextMax)];
const linkRules = [
  maxLength(LIMITS.bannerLinkMax),
  // The server's rule (same-site path or https: address), so the form refuses what the API would.
  regex(SAFE_LINK, 'الرابط يجب أن يكون مساراً داخل الموقع يبدأ بـ / أو عنواناً يبدأ بـ https://'),
];

function BannerFields({ withVisibility }: { withVisibility: boolean }) {
  return (
    <>
      <TextInput source="text" validate={textRules} fullWidth multiline parse={(v: string) => v} />
      <TextInput
        source="link"
        validate={linkRules}
        fullWidth
        helperText="mazad.banners.link_help"
        slotProps={{ htmlInput: { dir: 'ltr' } }}
      />
      <WholeNumberInput source="order" />
      {withVisibility ? <BooleanInput source="isActive" /> : null}
    </>
  );
}

export function BannerCreate() {
  const notify = useNotify();
  const redirect = useRedirect();
  return (
    <Create
      redirect="list"
      mutationOptions={{
        // Replaces react-admin's own success effects: the product's wording, then the list.
        onSuccess: () => {
          notify('mazad.banners.created', { type: 'success' });
          redirect('list', 'banners');
        },
      }}
      transform={(data: Record<string, unknown>) => ({ isActive: true, order: 0, ...data })}
    >
      <SimpleForm defaultValues={{ order: 0, isActive: true }}>
        <BannerFields withVisibility />
      </SimpleForm>
    </Create>
  );
}

export function BannerEdit() {
  return (
    <Edit mutationMode="pessimistic" redirect="list">
      <SimpleForm>
        <BannerFields withVisibility={false} />
      </SimpleForm>
    </Edit>
  );
}
