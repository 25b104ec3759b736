// Chat's public entry: the service and the live topic its sockets listen on.
export { CHAT_TOPIC, type ChatEvent, type ChatService, createChatService } from './service';
