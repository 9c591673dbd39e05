import { FIELDS, type CancelBidBody } from '@mazad/contracts';
import { TextOf } from '../../common/validation/fields';

/** POST /api/admin/bids/{id}/cancel (R-BID-OPERATOR-CANCEL): why, in words the bidder is shown. */
export class CancelBidDto implements CancelBidBody {
  @TextOf(FIELDS.bidCancelReason, {
    example: 'أكد العضو أن المبلغ خطأ في الكتابة',
    description: 'The operator’s reason (3–300 characters), recorded and sent to the bidder',
  })
  reason: string;
}
