import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';

export function registerStockRoutes(_app: FastifyInstance, _ctx: AppContext): void {}
