"""Middleware of the project itself."""


class SynchronousChain:
    """The last middleware: it keeps the whole chain synchronous under ASGI.

    Django runs a middleware that can be asynchronous asynchronously whenever what it wraps is,
    and its own middleware then send every ``process_request`` and ``process_response`` to a
    worker thread and back (``MiddlewareMixin.__acall__``); WhiteNoise, synchronous only, had
    already taken the request to a thread.  A tap's POST went back and forth between the server's
    event loop and a thread about fifteen times.  With a synchronous middleware innermost, every
    middleware, and the view, runs on the request's one thread: the loop hands the request over
    once, and gets the URL resolved and the response back.
    """

    sync_capable = True
    async_capable = False

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        return self.get_response(request)
