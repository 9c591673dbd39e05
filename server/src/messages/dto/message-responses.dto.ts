import { ApiProperty } from '@nestjs/swagger';
import { AUCTION_STATUS_VALUES } from '@mazad/contracts';
import type {
  AuctionStatus,
  ChatMessage,
  ChatParticipant,
  Conversation,
  ConversationAuction,
  ConversationLastMessage,
  ConversationMessagesResult,
  ConversationsResult,
  PartyRef,
  SendMessageResult,
  UnreadCountResult,
} from '@mazad/contracts';
import { PartyRefDto } from '../../auctions';

/** OpenAPI descriptions of the messages responses (the types themselves live in contracts). */
export class ChatMessageDto implements ChatMessage {
  @ApiProperty({ format: 'uuid' }) _id: string;
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({
    description: 'Plain text exactly as sent (trimmed); render as text',
    example: 'مرحباً، متى يمكنني استلام السيارة؟',
  })
  content: string;
  @ApiProperty({ type: PartyRefDto }) sender: PartyRef;
  @ApiProperty({ type: PartyRefDto }) receiver: PartyRef;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty() isRead: boolean;
  @ApiProperty({ type: String, nullable: true, format: 'date-time' }) readAt: string | null;
  @ApiProperty({ format: 'uuid', description: 'Auction id' }) auction: string;
  @ApiProperty({ format: 'uuid', description: 'Auction id (same as auction)' }) auctionId: string;
}

export class SendMessageResultDto implements SendMessageResult {
  @ApiProperty({ enum: [true] }) success: true;
  @ApiProperty({ type: ChatMessageDto, description: 'The stored message' }) message: ChatMessage;
}

export class ConversationMessagesResultDto implements ConversationMessagesResult {
  @ApiProperty({ enum: [true] }) success: true;
  @ApiProperty({ type: [ChatMessageDto], description: 'One page, oldest first' }) messages: ChatMessage[];
  @ApiProperty({ description: 'More beyond this page (older; with `after`, newer)' }) hasMore: boolean;
  @ApiProperty({ type: String, nullable: true, format: 'uuid', description: 'Pass as `before` for older messages' })
  nextCursor: string | null;
  @ApiProperty({
    type: String,
    nullable: true,
    format: 'uuid',
    description: 'Pass as `after` to poll for new messages',
  })
  latestCursor: string | null;
}

export class ChatParticipantDto implements ChatParticipant {
  @ApiProperty({ format: 'uuid' }) _id: string;
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ example: 'أحمد محمد' }) name: string;
  @ApiProperty({ type: String, nullable: true }) profileImage: string | null;
  @ApiProperty({ enum: ['seller', 'winner'] }) role: 'seller' | 'winner';
}

export class ConversationAuctionDto implements ConversationAuction {
  @ApiProperty({ format: 'uuid' }) _id: string;
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty() title: string;
  @ApiProperty({ enum: AUCTION_STATUS_VALUES }) status: AuctionStatus;
  @ApiProperty({ type: [String] }) images: string[];
  @ApiProperty({ type: String, nullable: true }) imageUrl: string | null;
  @ApiProperty({ description: 'JOD' }) currentPrice: number;
  @ApiProperty() isDealConfirmed: boolean;
  @ApiProperty({ type: String, nullable: true, format: 'date-time' }) dealConfirmedAt: string | null;
  @ApiProperty({ description: 'True once the winner rated the seller' }) isRatedBySeller: boolean;
  @ApiProperty({ type: PartyRefDto }) seller: PartyRef;
  @ApiProperty({ type: PartyRefDto }) winner: PartyRef;
}

export class ConversationLastMessageDto implements ConversationLastMessage {
  @ApiProperty() content: string;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty({ type: PartyRefDto }) sender: PartyRef;
}

export class ConversationDto implements Conversation {
  @ApiProperty({ format: 'uuid', description: 'The auction id' }) _id: string;
  @ApiProperty({ format: 'uuid', description: 'The auction id' }) id: string;
  @ApiProperty({ type: ConversationAuctionDto }) auction: ConversationAuction;
  @ApiProperty({ type: [ChatParticipantDto], description: 'The seller, then the winner' })
  participants: ChatParticipant[];
  @ApiProperty({ type: ChatParticipantDto, description: 'The party that is not the caller' })
  otherParticipant: ChatParticipant;
  @ApiProperty({ type: ConversationLastMessageDto, nullable: true, description: 'Null until someone writes' })
  lastMessage: ConversationLastMessage | null;
  @ApiProperty({ description: 'Messages to the caller not read yet' }) unreadCount: number;
}

export class ConversationsResultDto implements ConversationsResult {
  @ApiProperty({ enum: [true] }) success: true;
  @ApiProperty({ type: [ConversationDto], description: 'Latest activity first' }) conversations: Conversation[];
}

export class UnreadCountResultDto implements UnreadCountResult {
  @ApiProperty({ enum: [true] }) success: true;
  @ApiProperty({ example: 3 }) count: number;
}
