/* xwin: drives an X11 window from a test, as a person would.
 *   xwin wait TITLE            wait (10 s at most) for a top-level window whose name starts so,
 *                              until it is shown
 *   xwin keys TITLE KEY...     type keys into it (X keysym names: a, Up, F1, Escape, ...;
 *                              ctrl+c, shift+Tab, alt+x for a modifier held)
 *   xwin close TITLE           ask it to close, as a window manager's close button does
 * Exit 0 on success, 1 when the window is not found, 2 on bad usage. */
#include <X11/Xatom.h>
#include <X11/Xlib.h>
#include <X11/Xutil.h>
#include <X11/keysym.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static Window find(Display *d, Window w, const char *title) {
    char *name = NULL;
    if (XFetchName(d, w, &name) && name) {
        int match = !strncmp(name, title, strlen(title));
        XFree(name);
        if (match) return w;
    }
    Window root, parent, *kids = NULL;
    unsigned n = 0;
    Window found = 0;
    if (XQueryTree(d, w, &root, &parent, &kids, &n)) {
        for (unsigned i = 0; i < n && !found; i++) found = find(d, kids[i], title);
        if (kids) XFree(kids);
    }
    return found;
}

/* A window may go away while the tree is walked (the previous test's, closing): the request
 * about it fails, which Xlib's default handler would make an exit; here it is ignored, and the
 * search goes on. */
static int ignore_x_error(Display *d, XErrorEvent *e) {
    (void)d;
    (void)e;
    return 0;
}

static Window wait_for(Display *d, const char *title) {
    for (int i = 0; i < 200; i++) {
        Window w = find(d, DefaultRootWindow(d), title);
        XWindowAttributes a;
        /* found and mapped (a window that exists but is not shown yet may miss what is sent) */
        if (w && XGetWindowAttributes(d, w, &a) && a.map_state == IsViewable) return w;
        struct timespec ts = {0, 50000000};
        nanosleep(&ts, NULL);
    }
    fprintf(stderr, "xwin: no window named '%s...'\n", title);
    return 0;
}

static void key_event(Display *d, Window w, int type, KeySym sym, unsigned state) {
    XKeyEvent e;
    memset(&e, 0, sizeof e);
    e.type = type;
    e.display = d;
    e.window = w;
    e.root = DefaultRootWindow(d);
    e.subwindow = None;
    e.time = CurrentTime;
    e.same_screen = True;
    e.state = state;
    e.keycode = XKeysymToKeycode(d, sym);
    XSendEvent(d, w, True, type == KeyPress ? KeyPressMask : KeyReleaseMask, (XEvent *)&e);
}

/* A key, with its modifiers pressed before it and released after it, as typed. */
static void send_key(Display *d, Window w, const char *spec) {
    static const struct { const char *prefix; KeySym sym; unsigned mask; } mods[] = {
        {"ctrl+", XK_Control_L, ControlMask}, {"shift+", XK_Shift_L, ShiftMask}, {"alt+", XK_Alt_L, Mod1Mask},
    };
    KeySym held[3];
    int nheld = 0;
    unsigned state = 0;
    for (int again = 1; again;) {
        again = 0;
        for (int i = 0; i < 3; i++) {
            size_t n = strlen(mods[i].prefix);
            if (!strncmp(spec, mods[i].prefix, n) && spec[n] && nheld < 3) {
                key_event(d, w, KeyPress, mods[i].sym, state);
                state |= mods[i].mask;
                held[nheld++] = mods[i].sym;
                spec += n;
                again = 1;
            }
        }
    }
    KeySym sym = XStringToKeysym(spec);
    key_event(d, w, KeyPress, sym, state);
    key_event(d, w, KeyRelease, sym, state);
    while (nheld--) key_event(d, w, KeyRelease, held[nheld], state);
    XFlush(d);
    struct timespec ts = {0, 30000000};
    nanosleep(&ts, NULL);
}

static void close_window(Display *d, Window w) {
    XEvent e;
    memset(&e, 0, sizeof e);
    e.xclient.type = ClientMessage;
    e.xclient.window = w;
    e.xclient.message_type = XInternAtom(d, "WM_PROTOCOLS", False);
    e.xclient.format = 32;
    e.xclient.data.l[0] = (long)XInternAtom(d, "WM_DELETE_WINDOW", False);
    e.xclient.data.l[1] = CurrentTime;
    XSendEvent(d, w, False, NoEventMask, &e);
    XFlush(d);
}

int main(int argc, char **argv) {
    if (argc < 3) {
        fprintf(stderr, "usage: xwin wait|keys|close TITLE [KEY...]\n");
        return 2;
    }
    /* (the server may be between two clients: Xvfb resets when its last one leaves, unless
     * -noreset, and refuses connections meanwhile; on a loaded machine that takes a while) */
    Display *d = NULL;
    for (int tries = 0; !d && tries < 50; tries++) {
        if (tries) nanosleep(&(struct timespec){0, 100 * 1000 * 1000}, NULL);
        d = XOpenDisplay(NULL);
    }
    if (!d) {
        fprintf(stderr, "xwin: cannot open the display (5 s)\n");
        return 2;
    }
    XSetErrorHandler(ignore_x_error);
    Window w = wait_for(d, argv[2]);
    int status = w ? 0 : 1;
    if (w && !strcmp(argv[1], "keys")) {
        for (int i = 3; i < argc; i++) send_key(d, w, argv[i]);
    } else if (w && !strcmp(argv[1], "close")) {
        close_window(d, w);
    } else if (strcmp(argv[1], "wait")) {
        status = 2;
    }
    XCloseDisplay(d);
    return status;
}
