import { ApiProperty } from '@nestjs/swagger';

/** Swagger shapes of the account answers (the types themselves live in @mazad/contracts). */

export class AccountUserView {
  @ApiProperty({ format: 'uuid' }) _id: string;
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ example: 'أحمد محمد' }) name: string;
  @ApiProperty({ example: 'member@example.com' }) email: string;
  @ApiProperty({ example: '+962 79 123 4567' }) phone: string;
  @ApiProperty({ example: 'عمّان' }) location: string;
  @ApiProperty({ type: String, nullable: true }) profileImage: string | null;
  @ApiProperty() isVerified: boolean;
  @ApiProperty() isAdmin: boolean;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
}

export class ChallengeView {
  @ApiProperty({ format: 'uuid' }) challengeId: string;
  @ApiProperty({ example: '7 + 5', description: 'Latin digits, operators + - ×' }) question: string;
}

export class MessageView {
  @ApiProperty({ example: true }) success: boolean;
  @ApiProperty() message: string;
}

export class RegisterView extends MessageView {
  @ApiProperty({ type: AccountUserView }) user: AccountUserView;
}

export class AuthSuccessView extends MessageView {
  @ApiProperty({ description: 'JWT bearer token' }) token: string;
  @ApiProperty({ type: AccountUserView }) user: AccountUserView;
}

export class VerificationUserData {
  @ApiProperty({ format: 'uuid' }) userId: string;
  @ApiProperty() email: string;
  @ApiProperty() name: string;
  @ApiProperty({ description: 'Arabic prompt: enter the 6-digit code sent to you (see docs/adr/0002)' })
  question: string;
}

export class VerificationRequiredView {
  @ApiProperty({ example: false }) success: boolean;
  @ApiProperty({ example: true }) requiresVerification: boolean;
  @ApiProperty() message: string;
  @ApiProperty({ type: VerificationUserData }) userData: VerificationUserData;
}

export class CurrentUserView {
  @ApiProperty({ example: true }) success: boolean;
  @ApiProperty({ type: AccountUserView }) user: AccountUserView;
}

export class ForgotPasswordView extends MessageView {
  @ApiProperty({ format: 'uuid', description: 'Opaque reset handle (not the account id), for reset-password' })
  userId: string;
  @ApiProperty() verificationQuestion: string;
}

export class CodeSentView extends MessageView {
  @ApiProperty({ example: 600 }) expiresInSeconds: number;
  @ApiProperty({ example: 60 }) resendAfterSeconds: number;
}

class ServicesView {
  @ApiProperty() email: boolean;
  @ApiProperty() telegram: boolean;
}

export class AvailableServicesView {
  @ApiProperty({ example: true }) success: boolean;
  @ApiProperty({ type: ServicesView }) services: ServicesView;
}
