import {
  applyDecorators,
  CallHandler,
  ExecutionContext,
  Injectable,
  mixin,
  NestInterceptor,
  Type,
  UseInterceptors,
} from '@nestjs/common';
import { ApiConsumes } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import multer, { MulterError } from 'multer';
import { LIMITS } from '@mazad/contracts';
import { AppException } from '../../common/errors/app.exception';
import { countLimits, RouteRateLimit } from '../rate-limit/rate-limit.guard';
import { RateLimitService } from '../rate-limit/rate-limit.service';

/** An uploaded file held in memory (multer memory storage); `buffer` is what storage needs. */
export type UploadedImage = Express.Multer.File;

export interface ImageUploadOptions {
  /** Multipart field carrying the file(s): `profileImage`, `image` or `images`. */
  field: string;
  /**
   * How many files the field may carry (default 1). With 1 the file is on `request.file`
   * (`@UploadedFile()`), otherwise an array on `request.files` (`@UploadedFiles()`).
   */
  maxFiles?: number;
  /** Bytes per file (default LIMITS.imageMaxBytes, 5 MB). */
  maxFileBytes?: number;
}

/**
 * The allowances every uploaded image counts against, whichever route carries it (single
 * uploads, the profile image, the images of a new auction): per member and per IP over 10
 * minutes, and the member's daily quota (numbers in rate-limit.policies.ts).
 */
export const UPLOAD_LIMITS: RouteRateLimit[] = [
  { policy: 'uploads-member', by: 'member' },
  { policy: 'uploads-ip', by: 'ip' },
  { policy: 'upload-quota-member', by: 'member' },
];

/** Bytes of one text field in a multipart form: the same ceiling as a JSON body (BODY_LIMIT). */
const FIELD_VALUE_BYTES = 100 * 1024;
const MAX_TEXT_FIELDS = 30;

/** multer options for images: memory storage (files go to sharp, never to disk as uploaded). */
export function imageMulterOptions(options: ImageUploadOptions): multer.Options {
  const maxFiles = options.maxFiles ?? 1;
  return {
    storage: multer.memoryStorage(),
    limits: {
      fileSize: options.maxFileBytes ?? LIMITS.imageMaxBytes,
      files: maxFiles,
      fields: MAX_TEXT_FIELDS,
      fieldSize: FIELD_VALUE_BYTES,
      parts: MAX_TEXT_FIELDS + maxFiles,
    },
  };
}

function tooManyFiles(maxFiles: number): AppException {
  const message = maxFiles === 1 ? 'يمكن رفع صورة واحدة فقط' : `لا يمكن رفع أكثر من ${maxFiles} صور`;
  return new AppException('TOO_MANY_IMAGES', { message });
}

/**
 * multer and busboy errors in our error format: a file over the limit is 413 IMAGE_TOO_LARGE,
 * too many files 400 TOO_MANY_IMAGES, a file in another field 400 UNKNOWN_FIELD naming it,
 * an oversized text part 413 PAYLOAD_TOO_LARGE, a broken body 400 MULTIPART_INVALID.
 */
export function mapUploadError(err: unknown, options: ImageUploadOptions): unknown {
  if (err instanceof AppException) return err;
  const maxFiles = options.maxFiles ?? 1;
  if (err instanceof MulterError) {
    switch (err.code) {
      case 'LIMIT_FILE_SIZE':
        return new AppException('IMAGE_TOO_LARGE');
      case 'LIMIT_FILE_COUNT':
        return tooManyFiles(maxFiles);
      case 'LIMIT_UNEXPECTED_FILE':
        if (err.field === options.field) return tooManyFiles(maxFiles);
        return new AppException('UNKNOWN_FIELD', {
          errors: [{ field: err.field ?? '', message: `حقل غير مسموح به: ${err.field ?? ''}` }],
          message: `حقل غير مسموح به: ${err.field ?? ''}`,
        });
      case 'LIMIT_FIELD_VALUE':
      case 'LIMIT_FIELD_COUNT':
      case 'LIMIT_PART_COUNT':
        return new AppException('PAYLOAD_TOO_LARGE');
      default:
        return new AppException('MULTIPART_INVALID');
    }
  }
  // busboy: missing boundary, malformed part header, unexpected end of form.
  return new AppException('MULTIPART_INVALID');
}

/** What multer leaves on the raw request. */
type MulterResult = { body?: unknown; file?: UploadedImage; files?: UploadedImage[] };

/**
 * An interceptor that parses a multipart body holding images in `options.field`, with our
 * limits and error mapping, and counts each image against UPLOAD_LIMITS (it runs after the
 * route's guards, so the member is known). Text fields of the form land on `request.body` and are validated
 * by the global ValidationPipe against the route's DTO as usual. The images are not checked
 * here: pass their buffers to `ImageStorageService.storeImage()`, which decodes them.
 * multer reads the raw request, which the server's body parsers leave unread for multipart
 * (common/http/body-parsers.ts); what it finds is copied onto Fastify's request.
 */
export function ImageUploadInterceptor(options: ImageUploadOptions): Type<NestInterceptor> {
  const maxFiles = options.maxFiles ?? 1;
  const upload = multer(imageMulterOptions(options));
  const middleware = maxFiles === 1 ? upload.single(options.field) : upload.array(options.field, maxFiles);

  @Injectable()
  class ImageUploadMixin implements NestInterceptor {
    constructor(private readonly rateLimits: RateLimitService) {}

    async intercept(context: ExecutionContext, next: CallHandler) {
      const http = context.switchToHttp();
      const request = http.getRequest<FastifyRequest & MulterResult>();
      // One image's worth before the body is read, so a member over an allowance is refused
      // without parsing; the rest once the number of files is known, before any is decoded.
      await countLimits(this.rateLimits, UPLOAD_LIMITS, request);
      const raw = request.raw as FastifyRequest['raw'] & MulterResult;
      await new Promise<void>((resolve, reject) =>
        middleware(raw as never, http.getResponse<FastifyReply>().raw as never, (err?: unknown) =>
          err ? reject(mapUploadError(err, options)) : resolve(),
        ),
      );
      await countLimits(this.rateLimits, UPLOAD_LIMITS, request, (raw.files?.length ?? 0) - 1);
      request.body = raw.body;
      request.file = raw.file;
      request.files = raw.files;
      return next.handle();
    }
  }
  return mixin(ImageUploadMixin);
}

/**
 * Route decorator: parse image uploads (see ImageUploadInterceptor) and declare the
 * multipart body in the OpenAPI document. Describe the form's fields with `@ApiBody`.
 */
export function ImageUpload(options: ImageUploadOptions) {
  return applyDecorators(UseInterceptors(ImageUploadInterceptor(options)), ApiConsumes('multipart/form-data'));
}
