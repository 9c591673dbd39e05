import type { UpdateProfileRequest } from '@mazad/contracts';
import { MemberLocation, MemberName, PhoneNumber } from '../../common/validation/fields';

/** PUT /api/users/{id}: the field rules of registration (contracts' FIELDS), each trimmed and required. */
export class UpdateProfileDto implements UpdateProfileRequest {
  // One line, not a staff or demo name (common/validation/fields.ts).
  @MemberName()
  name: string;

  @PhoneNumber()
  phone: string;

  @MemberLocation()
  location: string;
}
