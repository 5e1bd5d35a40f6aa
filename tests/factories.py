import factory
from django.contrib.auth import get_user_model

#: The password every UserFactory user has, unless given.
PASSWORD = "Herz-Dame-im-Skat-7"


class UserFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = get_user_model()
        skip_postgeneration_save = True

    username = factory.Sequence(lambda n: f"spieler{n}")
    password = factory.django.Password(PASSWORD)
