// Made by openapi-typescript from docs/openapi.json (npm run openapi): do not edit.
export interface paths {
    "/healthz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Whether this server can serve (no session) */
        get: operations["checkHealth"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/login": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Log in: starts a session (its cookie); Session-Expires says when it ends at the latest. For an account that asks for its passkey after its password, the right password answers 401 with LoginSecondStep (message "Confirm with your passkey" and passkeyOptions bound to that account), never a 200 or a session: POST /login/passkey with the browser’s answer signs in */
        post: operations["logIn"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/logout": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Log out: ends the session, if any */
        post: operations["logOut"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/login/passkey/options": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Options for a sign-in with a passkey and no username (any of this site’s passkeys); good for one answer and 5 minutes. 503 while 5,000 are open (a flood) */
        post: operations["getPasskeySignInOptions"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/login/passkey": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Signs in with a passkey, as POST /login does (its cookie, Session-Expires, the account), or ends the step after the password when the challenge was POST /login’s. An unknown or removed passkey, a used or expired challenge, another origin, a signature or counter that does not check out, another account’s passkey, a disabled account: 401 as a wrong password */
        post: operations["logInWithPasskey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/login/passkey/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Ends a passkey challenge the browser will not answer (cancelled or failed); 204 whatever it was */
        post: operations["cancelPasskeyStep"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/welcome-links/{token}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Whose one-time sign-in link this is, while it can be used */
        get: operations["getWelcomeLink"];
        put?: never;
        /** Sets the password through a one-time sign-in link and starts a session, as POST /login does */
        post: operations["useWelcomeLink"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** This session’s account and its role */
        get: operations["getMe"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/account/password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Changes this account’s password (the current one first); its other sessions end, this one stays */
        put: operations["changeMyPassword"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/account/sessions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** This account’s open sessions: browser and system, where from, signed in, last used; `current` is this one */
        get: operations["listMySessions"];
        put?: never;
        post?: never;
        /** Signs out every session of this account but this one */
        delete: operations["endMyOtherSessions"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/account/sessions/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Signs out one of this account’s sessions */
        delete: operations["endMySession"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/account/passkeys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** This account’s passkeys, and whether it asks for one after its password */
        get: operations["listMyPasskeys"];
        put?: never;
        /** Keeps the passkey the browser made from this account’s options, under the name given */
        post: operations["addMyPasskey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/account/passkeys/options": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Options for the browser to make a passkey for this account (none of its passkeys again); good for one answer and 5 minutes */
        post: operations["getPasskeyRegistrationOptions"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/account/passkeys/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Removes one of this account’s passkeys; removing the last one turns "ask after the password" off */
        delete: operations["removeMyPasskey"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/account/passkey-setting": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** "Ask for my passkey after my password": on, a password alone no longer signs this account in */
        put: operations["setMyPasskeySetting"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/appointments": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The appointments of the salon’s days from `from` to `to`, cancelled ones too, in start order */
        get: operations["listAppointments"];
        put?: never;
        /**
         * Book an appointment
         * @description The end follows from the service’s duration. 409 when the member has another appointment then, or does not work then, or the service was removed. Honours Idempotency-Key as POST /api/clients does.
         */
        post: operations["bookAppointment"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/availability": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The free start times of a service with a member on a day
         * @description `except`: an appointment being moved leaves its own time free. A removed service has none.
         */
        get: operations["getAvailability"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/appointments/{appointmentId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One appointment, with its version as a strong ETag */
        get: operations["getAppointment"];
        /**
         * Move an appointment to another time or member
         * @description Keeps its length. Honours If-Match: 412 with the appointment as it is now. 409 as a booking.
         */
        put: operations["moveAppointment"];
        post?: never;
        /**
         * Cancel an appointment: its time is free again
         * @description Answers the appointment, cancelled. Honours If-Match: 412 with the appointment as it is now.
         */
        delete: operations["cancelAppointment"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/appointments/{appointmentId}/restore": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Undo a cancellation
         * @description 409 when the member has another appointment at its time since.
         */
        post: operations["restoreAppointment"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/appointments/{appointmentId}/history": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** An appointment’s changes (booked, moved, cancelled, restored, its client changed), newest first */
        get: operations["getAppointmentHistory"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/clients/{clientId}/appointments": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A client’s appointments: upcoming first (soonest first), then past (newest first) */
        get: operations["listClientAppointments"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/audit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The audit trail, newest first, 100 entries a page (owner only)
         * @description account: entries it did or had done to it; kind: one kind; before: entries older than this seq (the last page’s nextBefore).
         */
        get: operations["listAuditEntries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/audit-export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Every audit entry the filters match, newest first, for "Export CSV" (owner only) */
        get: operations["exportAuditEntries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/salon": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The salon’s time zone (SALON_TIME_ZONE) and currency (SALON_CURRENCY), no session needed */
        get: operations["getSalon"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/services": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Every service, removed ones too (`removed`), in name order */
        get: operations["listServices"];
        put?: never;
        /** Adds a service (owner only); its price in minor units of the salon’s currency */
        post: operations["addService"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/services/{serviceId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Changes a service’s name, duration and price (owner only) */
        put: operations["changeService"];
        post?: never;
        /** Removes a service (owner only): no longer offered, it stays listed (`removed`) and on its appointments */
        delete: operations["removeService"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/schedules": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Every active member’s working hours and time off, in username order */
        get: operations["listSchedules"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/account/hours": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** This session’s working hours and time off */
        get: operations["getOwnHours"];
        /** Sets this session’s working week: each weekday’s hours, or null on a day off */
        put: operations["setOwnHours"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/account/time-off": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Adds time off, from its first to its last day (both included), to this session’s */
        post: operations["addOwnTimeOff"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/account/time-off/{timeOffId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Removes one of this session’s time off */
        delete: operations["removeOwnTimeOff"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/staff/{username}/hours": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A member’s working hours and time off (owner only) */
        get: operations["getMemberHours"];
        /** Sets a member’s working week (owner only) */
        put: operations["setMemberHours"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/staff/{username}/time-off": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Adds time off to a member’s (owner only) */
        post: operations["addMemberTimeOff"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/staff/{username}/time-off/{timeOffId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Removes one of a member’s time off (owner only) */
        delete: operations["removeMemberTimeOff"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/booking": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** What a visitor may book: the services offered (name order) and the members with working hours */
        get: operations["getBookingOffer"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/booking/days": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Today (the salon’s) and the next 27 days, each with whether it has a free time
         * @description `staff` absent: anyone. Other visitors’ open holds and the past are not free.
         */
        get: operations["getBookingDays"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/booking/times": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A day’s free start times for a service, with a member or anyone, every 15 minutes
         * @description Without the past and other visitors’ open holds (a visitor’s own stay). A day out of the 28: none.
         */
        get: operations["getBookingTimes"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/booking/holds": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Hold a time for 10 minutes while the visitor types
         * @description `staff` null: the first member (username order) free then. 409 when it is not free (another visitor holds it). At most 3 open holds per address. Beyond the address’s hourly limit: 429 with Retry-After (seconds).
         */
        post: operations["holdBookingTime"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/booking/holds/{holdToken}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Release a hold (an unknown or expired one too) */
        delete: operations["releaseBookingHold"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/booking/appointments": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Book the held time: the visitor becomes the salon’s client (matched by email, else registered)
         * @description The answer is the same whether the email was a client’s or not. 409 when the time is no longer free. Beyond the address’s hourly limit: 429 with Retry-After (seconds).
         */
        post: operations["bookOnline"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/booking/cancellations/{cancelToken}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The appointment a cancel link cancels, and whether it may still be cancelled online
         * @description 404 for a link unknown or used, or whose appointment is no longer booked.
         */
        get: operations["getBookingCancellation"];
        put?: never;
        /**
         * Cancel the appointment of a cancel link: its time is free again, the link used
         * @description 409 within SALON_CANCEL_HOURS of the start; 404 as the GET.
         */
        post: operations["cancelBookingOnline"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/clients/{clientId}/details": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A client’s phone and offers consent, from online bookings (nulls when none) */
        get: operations["getClientDetails"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/clients": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The client list
         * @description Sends its ETag: 304 when If-None-Match names it; 412 when an If-Match names another version of the list.
         */
        get: operations["listClients"];
        put?: never;
        /**
         * Register a client
         * @description Honours Idempotency-Key: the same key from the same staff account within 24 hours answers the first registration again and registers nothing; 422 when it came with another client, 409 when that client was erased.
         */
        post: operations["registerClient"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/clients/{clientId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One client
         * @description Sends its version as a strong ETag. Conditional (RFC 9110 section 13.2.2): 412 when If-Match names another version, then 304 when If-None-Match names this one (or is `*`).
         */
        get: operations["getClient"];
        /**
         * Update a client
         * @description Honours If-Match (the ETag of GET /api/clients/{clientId}): 412 with the current state when the client changed since; and If-None-Match (RFC 9110 section 13.1.2): 412 when the client is in a version it names, or exists at all with `*`.
         */
        put: operations["updateClient"];
        post?: never;
        /**
         * Delete a client
         * @description Moves it to "Recently deleted" (restorable until purged) and cancels their upcoming appointments. Honours If-Match (the ETag of GET /api/clients/{clientId}): 412 with the current state when the client changed since; and If-None-Match (RFC 9110 section 13.1.2): 412 when the client is in a version it names, or exists at all with `*`.
         */
        delete: operations["deleteClient"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/clients/{clientId}/history": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A client's changes, newest first */
        get: operations["getClientHistory"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/clients/{clientId}/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Everything held about a client, as a file (owner only) */
        get: operations["exportClient"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/clients/{clientId}/restore": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Restore a deleted client
         * @description Books back the upcoming appointments its deletion cancelled, those whose time is still free.
         */
        post: operations["restoreClient"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/clients/{clientId}/erase": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Erase a client and its history (owner only)
         * @description Live or deleted; leaves one "erased" entry without personal data.
         */
        post: operations["eraseClient"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/clients-export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The whole client list, for "Export CSV" (owner only)
         * @description The list as GET /api/clients sends it; the audit trail records who exported it and how many clients.
         */
        get: operations["exportClients"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/deleted-clients": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Recently deleted clients, newest first */
        get: operations["listDeletedClients"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The changes of clients and appointments, live (Server-Sent Events)
         * @description Each change of the log is one `change` event (a ClientEvent), its `id:` the log’s sequence number; the changes of one import, or of its undo, are one `batch` event ({ seq, count }, its `id:` their last). With `Last-Event-ID`, what was missed since comes first, or one `reset` event when the log cannot replay it. Then `ready` ({ seq }), and the changes as they are committed; a comment line every few seconds. Each booking, move, cancellation or undo of one is an `appointment` event ({ appointmentId, kind, by, at }), live only and without an `id:` (Last-Event-ID stays the clients’ log position): after a reconnection, what the screen shows of the book is asked for again. The stream ends with its session; when it was ended elsewhere (the account disabled or signed out by an owner, another device, the time-out), after a last `ended` event.
         */
        get: operations["streamClientEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/imports": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The last 30 days’ imports, newest first (owner only) */
        get: operations["listImports"];
        put?: never;
        /**
         * Import clients from a file’s rows (owner only)
         * @description Each row gets the verdict the preview showed (new, already a client, twice in the file, not valid); the new rows are registered and, with `existing: "update"`, the existing clients given the row’s values, all in one transaction, each change logged as "imported" with the import’s id. Colleagues’ event streams get one `batch` event. Honours Idempotency-Key as POST /api/clients does: the same key from the same account within 24 hours answers the first import again; 422 when it came with another request. 413 above 32 MiB.
         */
        post: operations["importClients"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/imports/{importId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One import of the last 30 days (owner only) */
        get: operations["getImport"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/imports/{importId}/undo": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Take an import back (owner only)
         * @description In one transaction: the clients it created go to Recently deleted, the ones it updated get their values from before it; a client changed since the import is left as it is and named in `undone.leftAsChanged`. 404 for an unknown import or one older than 30 days, 409 when it was already taken back.
         */
        post: operations["undoImport"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/duplicates": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Possible duplicates: pairs of clients with the same email or the same first and last name
         * @description Emails compared trimmed and in any case, names in any case and without accents. `kept` is the client registered first (a merge keeps its id); each client with its version, for the merge’s condition.
         */
        get: operations["listDuplicates"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/merges": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The last 30 days’ merges a client took part in, newest first */
        get: operations["listMerges"];
        put?: never;
        /**
         * Merge two clients into one
         * @description In one transaction: the client registered first (`keepId`) keeps its id and gets, per field, the value chosen; the other leaves the list. Both histories get a `merged` entry. 412 with both clients as they are now when either is no longer at the version sent (or was deleted); 404 when either is unknown; 400 when `keepId` is not the one registered first. Colleagues’ event streams get one `batch` event.
         */
        post: operations["mergeClients"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/merges/{mergeId}/undo": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Take a merge back
         * @description In one transaction: the kept client gets its values from before the merge, the other comes back with its id, values and history; each gets an `unmerged` entry. 409 when either changed since the merge (nothing is changed) or it was already taken back; 404 for an unknown merge or one older than 30 days.
         */
        post: operations["undoMerge"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/openapi.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** This document: the API in OpenAPI 3.1 */
        get: operations["getOpenApiDocument"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/outbox": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** How many emails wait to be sent (owner only) */
        get: operations["getOutboxState"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/staff": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The staff accounts: role, status, last sign-in, open sessions */
        get: operations["listStaff"];
        put?: never;
        /** Adds an account, without a password: its one-time sign-in link (shown once) sets one */
        post: operations["addStaffMember"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/staff/{username}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Changes an account’s role, or disables (ending its sessions) or enables it; there is always an active owner */
        patch: operations["changeStaffMember"];
        trace?: never;
    };
    "/api/staff/{username}/password-reset": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Resets an account’s password: the old one stops working, its sessions end, a new sign-in link sets the next */
        post: operations["resetStaffPassword"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/staff/{username}/sign-out": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Ends every session of an account, on every instance */
        post: operations["signOutStaffMember"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        ApiErrorBody: {
            message: string;
        };
        Appointment: {
            id: string;
            client: {
                id: string;
                firstName: string;
                lastName: string;
            } | null;
            service: {
                id: string;
                name: string;
            };
            staff: string;
            /** Format: date-time */
            start: string;
            /** Format: date-time */
            end: string;
            /** @enum {string} */
            status: "booked" | "cancelled";
            version: number;
            online: boolean;
        };
        AppointmentChange: {
            seq: number;
            appointmentId: string;
            version: number;
            /** @enum {string} */
            kind: "booked" | "moved" | "cancelled" | "restored" | "client-changed";
            by: string;
            /** Format: date-time */
            at: string;
            before: {
                staff: string;
                /** Format: date-time */
                start: string;
                /** Format: date-time */
                end: string;
                /** @enum {string} */
                status: "booked" | "cancelled";
            } | null;
            after: {
                staff: string;
                /** Format: date-time */
                start: string;
                /** Format: date-time */
                end: string;
                /** @enum {string} */
                status: "booked" | "cancelled";
            };
        };
        AppointmentList: components["schemas"]["Appointment"][];
        AppointmentPreconditionFailed: {
            message: string;
            current: {
                appointment: components["schemas"]["Appointment"];
                version: number;
                /** @enum {string} */
                kind: "booked" | "moved" | "cancelled" | "restored" | "client-changed";
                changedBy: string;
                /** Format: date-time */
                changedAt: string;
            };
        };
        BookingTimes: {
            /** Format: date */
            date: string;
            starts: string[];
        };
        Cancellation: {
            service: string;
            /** Format: date-time */
            start: string;
            cancellable: boolean;
        };
        Client: {
            _id: string;
            firstName: string;
            lastName: string;
            email: string;
            /** Format: date-time */
            registrationDateTime: string;
        };
        ClientChange: {
            seq: number;
            clientId: string;
            version: number;
            /** @enum {string} */
            kind: "registered" | "updated" | "deleted" | "restored" | "erased" | "imported" | "merged" | "unmerged";
            by: string;
            /** Format: date-time */
            at: string;
            before: components["schemas"]["ClientFields"] | null;
            after: components["schemas"]["ClientFields"] | null;
        };
        ClientExport: {
            /** Format: date-time */
            exportedAt: string;
            client: components["schemas"]["Client"];
            deleted: {
                /** Format: date-time */
                at: string;
                by: string;
            } | null;
            version: number;
            history: components["schemas"]["ClientChange"][];
            appointments: {
                id: string;
                service: {
                    id: string;
                    name: string;
                };
                staff: string;
                /** Format: date-time */
                start: string;
                /** Format: date-time */
                end: string;
                /** @enum {string} */
                status: "booked" | "cancelled";
                online: boolean;
            }[];
            details: {
                phone: string | null;
                offersConsentAt: string | null;
            };
        };
        ClientFields: {
            firstName: string;
            lastName: string;
            email: string;
            /** Format: date-time */
            registrationDateTime: string;
        };
        ClientInput: {
            firstName: string;
            lastName: string;
            /** Format: email */
            email: string;
            /**
             * @description A datetime-local value (`2024-05-01T10:30`, seconds optional), taken as UTC, or an ISO 8601 date-time with a zone.
             * @example 2024-05-01T10:30
             * @example 2024-05-01T10:30:00.000Z
             */
            registrationDateTime: string;
        };
        DeletedClient: {
            _id: string;
            firstName: string;
            lastName: string;
            email: string;
            /** Format: date-time */
            registrationDateTime: string;
            /** Format: date-time */
            deletedAt: string;
            deletedBy: string;
        };
        ImportRequest: {
            fileName: string;
            /** @enum {string} */
            existing: "skip" | "update";
            rows: unknown[];
        };
        ImportSummary: {
            id: string;
            /** Format: date-time */
            at: string;
            by: string;
            fileName: string;
            /** @enum {string} */
            existing: "skip" | "update";
            created: number;
            updated: number;
            skipped: number;
            undone: {
                /** Format: date-time */
                at: string;
                by: string;
                leftAsChanged: {
                    clientId: string;
                    firstName: string;
                    lastName: string;
                }[];
            } | null;
        };
        LoginRequest: {
            username: string;
            password: string;
        };
        LoginSecondStep: {
            /** @constant */
            message: "Confirm with your passkey";
            passkeyOptions: components["schemas"]["PasskeyOptions"];
        };
        MemberSchedule: {
            username: string;
            hours: components["schemas"]["WorkingHours"];
            timeOff: components["schemas"]["TimeOff"][];
        };
        NewTimeOff: {
            /** Format: date */
            first: string;
            /** Format: date */
            last: string;
        };
        Passkey: {
            id: string;
            name: string;
            /** Format: date-time */
            createdAt: string;
            lastUsedAt: string | null;
        };
        PasskeyOptions: {
            challenge: string;
        } & {
            [key: string]: unknown;
        };
        PreconditionFailedBody: {
            message: string;
            current: {
                client: components["schemas"]["Client"] | null;
                version: number;
                /** @enum {string} */
                kind: "registered" | "updated" | "deleted" | "restored" | "erased" | "imported" | "merged" | "unmerged";
                changedBy: string;
                /** Format: date-time */
                changedAt: string;
            };
        };
        Service: {
            name: string;
            durationMinutes: number;
            price: number | null;
            id: string;
            removed: boolean;
        };
        ServiceFields: {
            name: string;
            durationMinutes: number;
            price: number | null;
        };
        TimeOff: {
            id: string;
            /** Format: date */
            first: string;
            /** Format: date */
            last: string;
        };
        WorkingHours: {
            monday: {
                from: string;
                to: string;
            } | null;
            tuesday: {
                from: string;
                to: string;
            } | null;
            wednesday: {
                from: string;
                to: string;
            } | null;
            thursday: {
                from: string;
                to: string;
            } | null;
            friday: {
                from: string;
                to: string;
            } | null;
            saturday: {
                from: string;
                to: string;
            } | null;
            sunday: {
                from: string;
                to: string;
            } | null;
        };
    };
    responses: {
        /** @description OK */
        Appointment: {
            headers: {
                ETag: components["headers"]["ETag"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Appointment"];
            };
        };
        /** @description OK */
        AppointmentList: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["AppointmentList"];
            };
        };
        /** @description Precondition Failed */
        AppointmentPreconditionFailed: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["AppointmentPreconditionFailed"];
            };
        };
        /** @description Bad Request */
        BadRequest: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ApiErrorBody"];
            };
        };
        /** @description OK */
        Cancellation: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Cancellation"];
            };
        };
        /** @description OK */
        Client: {
            headers: {
                ETag: components["headers"]["ETag"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Client"];
            };
        };
        /** @description Conflict */
        Conflict: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ApiErrorBody"];
            };
        };
        /** @description Forbidden */
        Forbidden: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ApiErrorBody"];
            };
        };
        /** @description Gone */
        Gone: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ApiErrorBody"];
            };
        };
        /** @description OK */
        ImportSummary: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ImportSummary"];
            };
        };
        /** @description OK */
        MemberSchedule: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["MemberSchedule"];
            };
        };
        /** @description No Content */
        NoContent: {
            headers: {
                [name: string]: unknown;
            };
            content?: never;
        };
        /** @description Not Found */
        NotFound: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ApiErrorBody"];
            };
        };
        /** @description Not Modified */
        NotModified: {
            headers: {
                ETag: components["headers"]["ETag"];
                [name: string]: unknown;
            };
            content?: never;
        };
        /** @description OK */
        OK: {
            headers: {
                "Set-Cookie": components["headers"]["Set-Cookie"];
                /** @description The latest the session can end (an HTTP date): login + SESSION_MAX_HOURS. */
                "Session-Expires": string;
                [name: string]: unknown;
            };
            content: {
                "application/json": {
                    username: string;
                    /** @enum {string} */
                    role: "owner" | "staff";
                };
            };
        };
        /** @description OK */
        PasskeyOptions: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["PasskeyOptions"];
            };
        };
        /** @description Payload Too Large */
        PayloadTooLarge: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ApiErrorBody"];
            };
        };
        /** @description Precondition Failed */
        PreconditionFailed: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ApiErrorBody"];
            };
        };
        /** @description Precondition Failed */
        PreconditionFailedBody: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["PreconditionFailedBody"];
            };
        };
        /** @description Service Unavailable */
        ServiceUnavailable: {
            headers: {
                "Retry-After": components["headers"]["Retry-After"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ApiErrorBody"];
            };
        };
        /** @description Created */
        TimeOff: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["TimeOff"];
            };
        };
        /** @description Too Many Requests */
        TooManyRequests: {
            headers: {
                "Retry-After": components["headers"]["Retry-After"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ApiErrorBody"];
            };
        };
        /** @description Unauthorized */
        Unauthorized: {
            headers: {
                "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                /** @description The session cookie: set by a login (HttpOnly, SameSite=Strict), cleared by a logout or when refused. */
                "Set-Cookie"?: string;
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ApiErrorBody"];
            };
        };
        /** @description Unprocessable Entity */
        UnprocessableEntity: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ApiErrorBody"];
            };
        };
        /** @description Unsupported Media Type */
        UnsupportedMediaType: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ApiErrorBody"];
            };
        };
        /** @description URI Too Long */
        URITooLong: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ApiErrorBody"];
            };
        };
    };
    parameters: {
        account: string;
        appointmentId: string;
        cancelToken: string;
        clientId: string;
        date: string;
        "idempotency-key": string;
        "if-match": string;
        "if-none-match": string;
        importId: string;
        kind: "sign-in" | "sign-in-failed" | "sign-in-throttled" | "sign-out" | "sessions-ended" | "password-changed" | "password-reset" | "account-added" | "role-changed" | "account-disabled" | "account-enabled" | "clients-exported" | "client-exported" | "client-erased" | "clients-imported" | "import-undone" | "passkey-added" | "passkey-removed" | "passkey-failed" | "passkey-setting-changed" | "service-added" | "service-changed" | "service-removed" | "hours-changed" | "time-off-added" | "time-off-removed" | "appointment-booked" | "appointment-moved" | "appointment-cancelled" | "appointment-restored" | "appointment-booked-online" | "appointment-cancelled-online";
        service: string;
        serviceId: string;
        staff: string;
        timeOffId: string;
        token: string;
        username: string;
    };
    requestBodies: never;
    headers: {
        /** @description The version sent, a strong entity tag (a client: `"v3"`); send it back in If-Match or If-None-Match. */
        ETag: string;
        /** @description The client registered: its URL, for GET, PUT and DELETE. */
        Location: string;
        /** @description Seconds to wait before trying again. */
        "Retry-After": string;
        /** @description The session cookie: set by a login (HttpOnly, SameSite=Strict), cleared by a logout or when refused. */
        "Set-Cookie": string;
        /** @description How to authenticate (RFC 9110 section 11.6.1): the `Cookie` scheme, the form at /login. Never Basic. */
        "WWW-Authenticate": string;
    };
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    checkHealth: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        status: "ok" | "unavailable";
                    };
                };
            };
            /** @description Service Unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        status: "ok" | "unavailable";
                    };
                };
            };
        };
    };
    logIn: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["LoginRequest"];
            };
        };
        responses: {
            200: components["responses"]["OK"];
            400: components["responses"]["BadRequest"];
            /** @description Unauthorized */
            401: {
                headers: {
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LoginSecondStep"] | components["schemas"]["ApiErrorBody"];
                };
            };
            403: components["responses"]["Forbidden"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    logOut: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description No Content */
            204: {
                headers: {
                    "Set-Cookie": components["headers"]["Set-Cookie"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
        };
    };
    getPasskeySignInOptions: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["PasskeyOptions"];
            400: components["responses"]["BadRequest"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    logInWithPasskey: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    id: string;
                    rawId: string;
                    /** @constant */
                    type: "public-key";
                    response: {
                        clientDataJSON: string;
                        authenticatorData: string;
                        signature: string;
                        userHandle?: string;
                    };
                    /** @enum {string} */
                    authenticatorAttachment?: "platform" | "cross-platform";
                    clientExtensionResults: {
                        [key: string]: unknown;
                    };
                };
            };
        };
        responses: {
            200: components["responses"]["OK"];
            400: components["responses"]["BadRequest"];
            /** @description Unauthorized */
            401: {
                headers: {
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            403: components["responses"]["Forbidden"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
        };
    };
    cancelPasskeyStep: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    challenge: string;
                };
            };
        };
        responses: {
            204: components["responses"]["NoContent"];
            400: components["responses"]["BadRequest"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
        };
    };
    getWelcomeLink: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                token: components["parameters"]["token"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        username: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            410: components["responses"]["Gone"];
            414: components["responses"]["URITooLong"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    useWelcomeLink: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                token: components["parameters"]["token"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    password: string;
                };
            };
        };
        responses: {
            200: components["responses"]["OK"];
            400: components["responses"]["BadRequest"];
            403: components["responses"]["Forbidden"];
            410: components["responses"]["Gone"];
            413: components["responses"]["PayloadTooLarge"];
            414: components["responses"]["URITooLong"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getMe: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        username: string;
                        /** @enum {string} */
                        role: "owner" | "staff";
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
        };
    };
    changeMyPassword: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    currentPassword: string;
                    newPassword: string;
                };
            };
        };
        responses: {
            204: components["responses"]["NoContent"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listMySessions: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        browser: string | null;
                        system: string | null;
                        ip: string | null;
                        /** Format: date-time */
                        signedInAt: string;
                        /** Format: date-time */
                        lastUsedAt: string;
                        current: boolean;
                    }[];
                };
            };
            401: components["responses"]["Unauthorized"];
        };
    };
    endMyOtherSessions: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            204: components["responses"]["NoContent"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
        };
    };
    endMySession: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            204: components["responses"]["NoContent"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            414: components["responses"]["URITooLong"];
            415: components["responses"]["UnsupportedMediaType"];
        };
    };
    listMyPasskeys: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        passkeys: components["schemas"]["Passkey"][];
                        askAfterPassword: boolean;
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
        };
    };
    addMyPasskey: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                    response: {
                        id: string;
                        rawId: string;
                        /** @constant */
                        type: "public-key";
                        response: {
                            clientDataJSON: string;
                            attestationObject: string;
                            authenticatorData?: string;
                            transports?: ("ble" | "cable" | "hybrid" | "internal" | "nfc" | "smart-card" | "usb")[];
                            publicKeyAlgorithm?: number;
                            publicKey?: string;
                        };
                        /** @enum {string} */
                        authenticatorAttachment?: "platform" | "cross-platform";
                        clientExtensionResults: {
                            [key: string]: unknown;
                        };
                    };
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Passkey"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
        };
    };
    getPasskeyRegistrationOptions: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["PasskeyOptions"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
        };
    };
    removeMyPasskey: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            204: components["responses"]["NoContent"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            414: components["responses"]["URITooLong"];
            415: components["responses"]["UnsupportedMediaType"];
        };
    };
    setMyPasskeySetting: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    askAfterPassword: boolean;
                };
            };
        };
        responses: {
            204: components["responses"]["NoContent"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
        };
    };
    listAppointments: {
        parameters: {
            query: {
                from: string;
                to: string;
                staff?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["AppointmentList"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
        };
    };
    bookAppointment: {
        parameters: {
            query?: never;
            header?: {
                "idempotency-key"?: components["parameters"]["idempotency-key"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    clientId: string;
                    serviceId: string;
                    staff: string;
                    /** Format: date-time */
                    start: string;
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    Location: components["headers"]["Location"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Appointment"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableEntity"];
        };
    };
    getAvailability: {
        parameters: {
            query: {
                service: components["parameters"]["service"];
                staff: string;
                date: components["parameters"]["date"];
                except?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: date */
                        date: string;
                        starts: string[];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
        };
    };
    getAppointment: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                appointmentId: components["parameters"]["appointmentId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["Appointment"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            414: components["responses"]["URITooLong"];
        };
    };
    moveAppointment: {
        parameters: {
            query?: never;
            header?: {
                "if-match"?: components["parameters"]["if-match"];
            };
            path: {
                appointmentId: components["parameters"]["appointmentId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    staff: string;
                    /** Format: date-time */
                    start: string;
                };
            };
        };
        responses: {
            200: components["responses"]["Appointment"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            412: components["responses"]["AppointmentPreconditionFailed"];
            413: components["responses"]["PayloadTooLarge"];
            414: components["responses"]["URITooLong"];
            415: components["responses"]["UnsupportedMediaType"];
        };
    };
    cancelAppointment: {
        parameters: {
            query?: never;
            header?: {
                "if-match"?: components["parameters"]["if-match"];
            };
            path: {
                appointmentId: components["parameters"]["appointmentId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["Appointment"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            412: components["responses"]["AppointmentPreconditionFailed"];
            413: components["responses"]["PayloadTooLarge"];
            414: components["responses"]["URITooLong"];
            415: components["responses"]["UnsupportedMediaType"];
        };
    };
    restoreAppointment: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                appointmentId: components["parameters"]["appointmentId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["Appointment"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            414: components["responses"]["URITooLong"];
            415: components["responses"]["UnsupportedMediaType"];
        };
    };
    getAppointmentHistory: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                appointmentId: components["parameters"]["appointmentId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AppointmentChange"][];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            414: components["responses"]["URITooLong"];
        };
    };
    listClientAppointments: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                clientId: components["parameters"]["clientId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["AppointmentList"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            414: components["responses"]["URITooLong"];
        };
    };
    listAuditEntries: {
        parameters: {
            query?: {
                account?: components["parameters"]["account"];
                kind?: components["parameters"]["kind"];
                before?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        entries: {
                            seq: number;
                            /** Format: date-time */
                            at: string;
                            /** @enum {string} */
                            kind: "sign-in" | "sign-in-failed" | "sign-in-throttled" | "sign-out" | "sessions-ended" | "password-changed" | "password-reset" | "account-added" | "role-changed" | "account-disabled" | "account-enabled" | "clients-exported" | "client-exported" | "client-erased" | "clients-imported" | "import-undone" | "passkey-added" | "passkey-removed" | "passkey-failed" | "passkey-setting-changed" | "service-added" | "service-changed" | "service-removed" | "hours-changed" | "time-off-added" | "time-off-removed" | "appointment-booked" | "appointment-moved" | "appointment-cancelled" | "appointment-restored" | "appointment-booked-online" | "appointment-cancelled-online";
                            actor: string;
                            subject: string | null;
                            detail: string | null;
                            ip: string | null;
                            userAgent: string | null;
                        }[];
                        nextBefore: number | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
        };
    };
    exportAuditEntries: {
        parameters: {
            query?: {
                account?: components["parameters"]["account"];
                kind?: components["parameters"]["kind"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        seq: number;
                        /** Format: date-time */
                        at: string;
                        /** @enum {string} */
                        kind: "sign-in" | "sign-in-failed" | "sign-in-throttled" | "sign-out" | "sessions-ended" | "password-changed" | "password-reset" | "account-added" | "role-changed" | "account-disabled" | "account-enabled" | "clients-exported" | "client-exported" | "client-erased" | "clients-imported" | "import-undone" | "passkey-added" | "passkey-removed" | "passkey-failed" | "passkey-setting-changed" | "service-added" | "service-changed" | "service-removed" | "hours-changed" | "time-off-added" | "time-off-removed" | "appointment-booked" | "appointment-moved" | "appointment-cancelled" | "appointment-restored" | "appointment-booked-online" | "appointment-cancelled-online";
                        actor: string;
                        subject: string | null;
                        detail: string | null;
                        ip: string | null;
                        userAgent: string | null;
                    }[];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
        };
    };
    getSalon: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        timeZone: string;
                        currency: string;
                    };
                };
            };
        };
    };
    listServices: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Service"][];
                };
            };
            401: components["responses"]["Unauthorized"];
        };
    };
    addService: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ServiceFields"];
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Service"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
        };
    };
    changeService: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                serviceId: components["parameters"]["serviceId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ServiceFields"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Service"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            414: components["responses"]["URITooLong"];
            415: components["responses"]["UnsupportedMediaType"];
        };
    };
    removeService: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                serviceId: components["parameters"]["serviceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            204: components["responses"]["NoContent"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            414: components["responses"]["URITooLong"];
            415: components["responses"]["UnsupportedMediaType"];
        };
    };
    listSchedules: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MemberSchedule"][];
                };
            };
            401: components["responses"]["Unauthorized"];
        };
    };
    getOwnHours: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["MemberSchedule"];
            401: components["responses"]["Unauthorized"];
        };
    };
    setOwnHours: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WorkingHours"];
            };
        };
        responses: {
            200: components["responses"]["MemberSchedule"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
        };
    };
    addOwnTimeOff: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["NewTimeOff"];
            };
        };
        responses: {
            201: components["responses"]["TimeOff"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
        };
    };
    removeOwnTimeOff: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                timeOffId: components["parameters"]["timeOffId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            204: components["responses"]["NoContent"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            414: components["responses"]["URITooLong"];
            415: components["responses"]["UnsupportedMediaType"];
        };
    };
    getMemberHours: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                username: components["parameters"]["username"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["MemberSchedule"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            414: components["responses"]["URITooLong"];
        };
    };
    setMemberHours: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                username: components["parameters"]["username"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WorkingHours"];
            };
        };
        responses: {
            200: components["responses"]["MemberSchedule"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            414: components["responses"]["URITooLong"];
            415: components["responses"]["UnsupportedMediaType"];
        };
    };
    addMemberTimeOff: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                username: components["parameters"]["username"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["NewTimeOff"];
            };
        };
        responses: {
            201: components["responses"]["TimeOff"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            414: components["responses"]["URITooLong"];
            415: components["responses"]["UnsupportedMediaType"];
        };
    };
    removeMemberTimeOff: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                username: components["parameters"]["username"];
                timeOffId: components["parameters"]["timeOffId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            204: components["responses"]["NoContent"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            414: components["responses"]["URITooLong"];
            415: components["responses"]["UnsupportedMediaType"];
        };
    };
    getBookingOffer: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        timeZone: string;
                        currency: string;
                        services: {
                            name: string;
                            durationMinutes: number;
                            price: number | null;
                            id: string;
                        }[];
                        staff: string[];
                    };
                };
            };
        };
    };
    getBookingDays: {
        parameters: {
            query: {
                service: components["parameters"]["service"];
                staff?: components["parameters"]["staff"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        days: {
                            /** Format: date */
                            date: string;
                            free: boolean;
                        }[];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            404: components["responses"]["NotFound"];
        };
    };
    getBookingTimes: {
        parameters: {
            query: {
                service: components["parameters"]["service"];
                staff?: components["parameters"]["staff"];
                date: components["parameters"]["date"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BookingTimes"];
                };
            };
            400: components["responses"]["BadRequest"];
            404: components["responses"]["NotFound"];
        };
    };
    holdBookingTime: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    serviceId: string;
                    staff: string | null;
                    /** Format: date-time */
                    start: string;
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        token: string;
                        serviceId: string;
                        staff: string;
                        /** Format: date-time */
                        start: string;
                        /** Format: date-time */
                        end: string;
                        /** Format: date-time */
                        expiresAt: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    releaseBookingHold: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                holdToken: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            204: components["responses"]["NoContent"];
            400: components["responses"]["BadRequest"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["PayloadTooLarge"];
            414: components["responses"]["URITooLong"];
            415: components["responses"]["UnsupportedMediaType"];
        };
    };
    bookOnline: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    holdToken: string;
                    firstName: string;
                    lastName: string;
                    /** Format: email */
                    email: string;
                    phone?: string;
                    offers: boolean;
                    website: string;
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        service: string;
                        /** Format: date-time */
                        start: string;
                        email: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    getBookingCancellation: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                cancelToken: components["parameters"]["cancelToken"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["Cancellation"];
            400: components["responses"]["BadRequest"];
            404: components["responses"]["NotFound"];
            414: components["responses"]["URITooLong"];
        };
    };
    cancelBookingOnline: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                cancelToken: components["parameters"]["cancelToken"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["Cancellation"];
            400: components["responses"]["BadRequest"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            414: components["responses"]["URITooLong"];
            415: components["responses"]["UnsupportedMediaType"];
        };
    };
    getClientDetails: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                clientId: components["parameters"]["clientId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        phone: string | null;
                        offersConsentAt: string | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            414: components["responses"]["URITooLong"];
        };
    };
    listClients: {
        parameters: {
            query?: never;
            header?: {
                "if-match"?: components["parameters"]["if-match"];
                "if-none-match"?: components["parameters"]["if-none-match"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Client"][];
                };
            };
            304: components["responses"]["NotModified"];
            401: components["responses"]["Unauthorized"];
            412: components["responses"]["PreconditionFailed"];
        };
    };
    registerClient: {
        parameters: {
            query?: never;
            header?: {
                "idempotency-key"?: components["parameters"]["idempotency-key"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ClientInput"];
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    Location: components["headers"]["Location"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Client"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableEntity"];
        };
    };
    getClient: {
        parameters: {
            query?: never;
            header?: {
                "if-match"?: components["parameters"]["if-match"];
                "if-none-match"?: components["parameters"]["if-none-match"];
            };
            path: {
                clientId: components["parameters"]["clientId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["Client"];
            304: components["responses"]["NotModified"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            412: components["responses"]["PreconditionFailed"];
            414: components["responses"]["URITooLong"];
        };
    };
    updateClient: {
        parameters: {
            query?: never;
            header?: {
                "if-match"?: components["parameters"]["if-match"];
                "if-none-match"?: components["parameters"]["if-none-match"];
            };
            path: {
                clientId: components["parameters"]["clientId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ClientInput"];
            };
        };
        responses: {
            200: components["responses"]["Client"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            412: components["responses"]["PreconditionFailedBody"];
            413: components["responses"]["PayloadTooLarge"];
            414: components["responses"]["URITooLong"];
            415: components["responses"]["UnsupportedMediaType"];
        };
    };
    deleteClient: {
        parameters: {
            query?: never;
            header?: {
                "if-match"?: components["parameters"]["if-match"];
                "if-none-match"?: components["parameters"]["if-none-match"];
            };
            path: {
                clientId: components["parameters"]["clientId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            204: components["responses"]["NoContent"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            412: components["responses"]["PreconditionFailedBody"];
            413: components["responses"]["PayloadTooLarge"];
            414: components["responses"]["URITooLong"];
            415: components["responses"]["UnsupportedMediaType"];
        };
    };
    getClientHistory: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                clientId: components["parameters"]["clientId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ClientChange"][];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            414: components["responses"]["URITooLong"];
        };
    };
    exportClient: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                clientId: components["parameters"]["clientId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description A file to save: `attachment; filename="client-{id}.json"`. */
                    "Content-Disposition": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ClientExport"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            414: components["responses"]["URITooLong"];
        };
    };
    restoreClient: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                clientId: components["parameters"]["clientId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["Client"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            414: components["responses"]["URITooLong"];
            415: components["responses"]["UnsupportedMediaType"];
        };
    };
    eraseClient: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                clientId: components["parameters"]["clientId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            204: components["responses"]["NoContent"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            414: components["responses"]["URITooLong"];
            415: components["responses"]["UnsupportedMediaType"];
        };
    };
    exportClients: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Client"][];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
        };
    };
    listDeletedClients: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DeletedClient"][];
                };
            };
            401: components["responses"]["Unauthorized"];
        };
    };
    streamClientEvents: {
        parameters: {
            query?: never;
            header?: {
                "last-event-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/event-stream": string;
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listImports: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ImportSummary"][];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
        };
    };
    importClients: {
        parameters: {
            query?: never;
            header?: {
                "idempotency-key"?: components["parameters"]["idempotency-key"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ImportRequest"];
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    Location: components["headers"]["Location"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ImportSummary"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableEntity"];
        };
    };
    getImport: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                importId: components["parameters"]["importId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["ImportSummary"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            414: components["responses"]["URITooLong"];
        };
    };
    undoImport: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                importId: components["parameters"]["importId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["ImportSummary"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            414: components["responses"]["URITooLong"];
            415: components["responses"]["UnsupportedMediaType"];
        };
    };
    listDuplicates: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        kept: {
                            client: components["schemas"]["Client"];
                            version: number;
                        };
                        other: {
                            client: components["schemas"]["Client"];
                            version: number;
                        };
                        reasons: ("email" | "name")[];
                    }[];
                };
            };
            401: components["responses"]["Unauthorized"];
        };
    };
    listMerges: {
        parameters: {
            query: {
                clientId: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        /** Format: date-time */
                        at: string;
                        by: string;
                        client: components["schemas"]["Client"];
                        version: number;
                        keptBefore: components["schemas"]["ClientFields"];
                        other: components["schemas"]["Client"];
                        fields: {
                            /** @enum {string} */
                            firstName: "kept" | "other";
                            /** @enum {string} */
                            lastName: "kept" | "other";
                            /** @enum {string} */
                            email: "kept" | "other";
                            /** @enum {string} */
                            registrationDateTime: "kept" | "other";
                        };
                        /** Format: date-time */
                        undoableUntil: string;
                        undone: {
                            /** Format: date-time */
                            at: string;
                            by: string;
                        } | null;
                    }[];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
        };
    };
    mergeClients: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    keepId: string;
                    otherId: string;
                    keepVersion: number;
                    otherVersion: number;
                    fields: {
                        /** @enum {string} */
                        firstName: "kept" | "other";
                        /** @enum {string} */
                        lastName: "kept" | "other";
                        /** @enum {string} */
                        email: "kept" | "other";
                        /** @enum {string} */
                        registrationDateTime: "kept" | "other";
                    };
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        /** Format: date-time */
                        at: string;
                        by: string;
                        client: components["schemas"]["Client"];
                        version: number;
                        keptBefore: components["schemas"]["ClientFields"];
                        other: components["schemas"]["Client"];
                        fields: {
                            /** @enum {string} */
                            firstName: "kept" | "other";
                            /** @enum {string} */
                            lastName: "kept" | "other";
                            /** @enum {string} */
                            email: "kept" | "other";
                            /** @enum {string} */
                            registrationDateTime: "kept" | "other";
                        };
                        /** Format: date-time */
                        undoableUntil: string;
                        undone: {
                            /** Format: date-time */
                            at: string;
                            by: string;
                        } | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            /** @description Precondition Failed */
            412: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        kept: {
                            client: components["schemas"]["Client"] | null;
                            version: number;
                        };
                        other: {
                            client: components["schemas"]["Client"] | null;
                            version: number;
                        };
                    };
                };
            };
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
        };
    };
    undoMerge: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                mergeId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        /** Format: date-time */
                        at: string;
                        by: string;
                        client: components["schemas"]["Client"];
                        version: number;
                        keptBefore: components["schemas"]["ClientFields"];
                        other: components["schemas"]["Client"];
                        fields: {
                            /** @enum {string} */
                            firstName: "kept" | "other";
                            /** @enum {string} */
                            lastName: "kept" | "other";
                            /** @enum {string} */
                            email: "kept" | "other";
                            /** @enum {string} */
                            registrationDateTime: "kept" | "other";
                        };
                        /** Format: date-time */
                        undoableUntil: string;
                        undone: {
                            /** Format: date-time */
                            at: string;
                            by: string;
                        } | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            414: components["responses"]["URITooLong"];
            415: components["responses"]["UnsupportedMediaType"];
        };
    };
    getOpenApiDocument: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        openapi: string;
                        info: {
                            title: string;
                            version: string;
                        } & {
                            [key: string]: unknown;
                        };
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
        };
    };
    getOutboxState: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        waiting: number;
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
        };
    };
    listStaff: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        username: string;
                        /** @enum {string} */
                        role: "owner" | "staff";
                        /** @enum {string} */
                        status: "active" | "disabled";
                        lastSignInAt: string | null;
                        sessions: number;
                    }[];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
        };
    };
    addStaffMember: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    username: string;
                    /** @enum {string} */
                    role: "owner" | "staff";
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        member: {
                            username: string;
                            /** @enum {string} */
                            role: "owner" | "staff";
                            /** @enum {string} */
                            status: "active" | "disabled";
                            lastSignInAt: string | null;
                            sessions: number;
                        };
                        link: {
                            path: string;
                            /** Format: date-time */
                            expiresAt: string;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
        };
    };
    changeStaffMember: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                username: components["parameters"]["username"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    role?: "owner" | "staff";
                    /** @enum {string} */
                    status?: "active" | "disabled";
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        username: string;
                        /** @enum {string} */
                        role: "owner" | "staff";
                        /** @enum {string} */
                        status: "active" | "disabled";
                        lastSignInAt: string | null;
                        sessions: number;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            414: components["responses"]["URITooLong"];
            415: components["responses"]["UnsupportedMediaType"];
        };
    };
    resetStaffPassword: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                username: components["parameters"]["username"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        path: string;
                        /** Format: date-time */
                        expiresAt: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            414: components["responses"]["URITooLong"];
            415: components["responses"]["UnsupportedMediaType"];
        };
    };
    signOutStaffMember: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                username: components["parameters"]["username"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            204: components["responses"]["NoContent"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            414: components["responses"]["URITooLong"];
            415: components["responses"]["UnsupportedMediaType"];
        };
    };
}
