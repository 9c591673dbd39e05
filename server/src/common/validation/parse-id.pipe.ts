import { Injectable, PipeTransform } from '@nestjs/common';
import { AppException } from '../errors/app.exception';
import { canonicalId } from './ids';

/**
 * Route ids are UUIDs, handed on in their one spelling (lower case, see canonicalId); anything
 * else is 400 INVALID_ID (not a database error).
 */
@Injectable()
export class ParseIdPipe implements PipeTransform<unknown, string> {
  transform(value: unknown): string {
    const id = canonicalId(value);
    if (id === undefined) throw new AppException('INVALID_ID');
    return id;
  }
}
