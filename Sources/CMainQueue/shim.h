// libdispatch's hooks for running the main queue from a loop of one's own:
// the ones swift-corelibs-foundation's RunLoop uses. libdispatch exports them
// but its public headers do not declare them. On Linux the handle is an
// eventfd that becomes readable when the main queue has work.
extern int _dispatch_get_main_queue_handle_4CF(void);
extern void _dispatch_main_queue_callback_4CF(void *message);
